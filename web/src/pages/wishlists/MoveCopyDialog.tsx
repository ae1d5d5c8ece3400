import { useEffect, useState } from 'react';
import { Button, Dialog, DialogBody, DialogFooter, FormGroup, HTMLSelect, NonIdealState, Radio, RadioGroup, Spinner } from '@blueprintjs/core';
import { useTranslation } from '../../i18n/react';
import type { Item, MoveCopyInput, WishlistSummary } from '@wishwell/shared/wishlist-types';
import { api } from '../../api/client';
import { useAsyncAction } from '../../ui/use-async-action';

interface Props {
  sourceListId: string;
  item: Item;
  onClose: () => void;
  /** After the server moved or copied the item. */
  onDone: (action: MoveCopyInput['action']) => void;
}

/** Move/Copy Item to another list the user owns or edits. */
export function MoveCopyDialog({ sourceListId, item, onClose, onDone }: Props) {
  const { t } = useTranslation();
  const [targets, setTargets] = useState<WishlistSummary[] | null>(null);
  const [destinationListId, setDestinationListId] = useState('');
  const [action, setAction] = useState<MoveCopyInput['action']>('move');
  const { busy: working, run } = useAsyncAction();

  useEffect(() => {
    api
      .get('/wishlists')
      .then((lists) => {
        const others = lists.filter((list) => list._id !== sourceListId);
        setTargets(others);
        setDestinationListId(others[0]?._id ?? '');
      })
      .catch((error: unknown) => {
        console.error('Could not load wishlists', error);
        setTargets([]);
      });
  }, [sourceListId]);

  const submit = () =>
    run(async () => {
      const body: MoveCopyInput = { sourceListId, itemId: item._id, destinationListId, action };
      await api.post('/wishlists/items/move-copy', { body });
      onDone(action);
      onClose();
    }, { success: t('moveCopy.done'), failure: t('moveCopy.failed') });

  return (
    <Dialog isOpen onClose={onClose} title={t('moveCopy.title')} className="ww-dialog">
      <DialogBody>
        <p>
          <strong>{item.title}</strong>
        </p>
        {targets === null ? (
          <Spinner size={24} />
        ) : targets.length === 0 ? (
          <NonIdealState icon="th-list" description={t('moveCopy.noOtherLists')} />
        ) : (
          <>
            <FormGroup label={t('moveCopy.destination')} labelFor="move-destination">
              <HTMLSelect
                id="move-destination"
                fill
                value={destinationListId}
                onChange={(e) => setDestinationListId(e.currentTarget.value)}
                options={targets.map((list) => ({ value: list._id, label: list.name }))}
              />
            </FormGroup>
            <RadioGroup inline label={t('moveCopy.action')} selectedValue={action} onChange={(e) => setAction(e.currentTarget.value as MoveCopyInput['action'])}>
              <Radio label={t('moveCopy.move')} value="move" />
              <Radio label={t('moveCopy.copy')} value="copy" />
            </RadioGroup>
          </>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('common.cancel')} onClick={onClose} />
            <Button intent="primary" text={action === 'move' ? t('moveCopy.move') : t('moveCopy.copy')} disabled={!destinationListId} loading={working} onClick={() => void submit()} />
          </>
        }
      />
    </Dialog>
  );
}
