import { useState } from 'react';
import { Button, Card, Checkbox } from '@blueprintjs/core';
import type { Circle } from '@wishwell/shared/circle-types';
import type { WishlistSummary } from '@wishwell/shared/wishlist-types';
import { api } from '../../api/client';
import { useAnswer } from '../../api/use-answer';
import { useTranslation } from '../../i18n/react';
import { useAsyncAction } from '../../ui/use-async-action';

/** Which of my own lists this circle sees. */
export function MyListsPicker({ circle, onChanged }: { circle: Circle; onChanged: (circle: Circle) => void }) {
  const { t } = useTranslation();
  const lists = useAnswer(() => api.get('/wishlists').then((all) => all.filter((list) => list.role === 'owner'), (): WishlistSummary[] => []), []) ?? [];
  const [chosen, setChosen] = useState<Set<string>>(new Set(circle.mySharedListIds));
  const { busy, run } = useAsyncAction();
  const toggle = (id: string) => setChosen((current) => new Set(current.has(id) ? [...current].filter((x) => x !== id) : [...current, id]));
  const save = () =>
    void run(async () => onChanged(await api.put('/circles/:id/lists', { params: { id: circle._id }, body: { wishlistIds: [...chosen] } })), {
      failure: t('circles.changeFailed'),
      success: t('circles.listsSaved'),
    });
  return (
    <Card className="ww-circle-tools">
      <h2>{t('circles.myLists')}</h2>
      <p className="ww-circle-muted">{t('circles.myListsHint')}</p>
      {lists.length === 0 ? (
        <p className="ww-circle-muted">{t('circles.noOwnLists')}</p>
      ) : (
        <>
          {lists.map((list) => (
            <Checkbox key={list._id} label={list.name} checked={chosen.has(list._id)} onChange={() => toggle(list._id)} />
          ))}
          <Button icon="tick" intent="primary" text={t('circles.saveLists')} loading={busy} onClick={save} />
        </>
      )}
    </Card>
  );
}
