import { useState, type FormEvent } from 'react';
import { Button, Callout, Dialog, DialogBody, DialogFooter, FileInput, FormGroup, InputGroup, TextArea } from '@blueprintjs/core';
import type { ImportResult } from '@wishwell/shared/list-transfer-types';
import { ownerPath } from '@wishwell/shared/wishlist-types';
import { TEXT_LIMITS } from '@wishwell/shared/text-limits';
import { api } from '../../../api/client';
import { useNavigate } from '../../../app/routing';
import { useTranslation } from '../../../i18n/react';
import { FormDialogFooter } from '../../../ui/FormDialogFooter';
import { useAsyncAction } from '../../../ui/use-async-action';

interface Props {
  onClose: () => void;
  onImported: (result: ImportResult) => void;
}

/** A file's name without its extension: the new list's name. */
const baseName = (fileName: string) => fileName.replace(/\.[^.]*$/, '').slice(0, 200);

/** Dashboard: a new list from a JSON or CSV export, or from pasted text holding links. */
export function ImportListDialog({ onClose, onImported }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [fileName, setFileName] = useState('');
  const [content, setContent] = useState('');
  const [name, setName] = useState('');
  const [result, setResult] = useState<ImportResult | null>(null);
  const { busy, run } = useAsyncAction();

  const chooseFile = async (event: FormEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    if (!file) return;
    setFileName(file.name);
    setContent(await file.text());
    setName(baseName(file.name));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await run(async () => {
      const imported = await api.post('/wishlists/import', { body: { content, name: name.trim() || undefined } });
      setResult(imported);
      onImported(imported);
    }, { failure: t('transfer.importFailed') });
  };

  if (result) {
    return (
      <Dialog isOpen onClose={onClose} title={t('transfer.importTitle')} className="ww-dialog">
        <DialogBody>
          <Callout intent="success">{t('transfer.imported', { count: result.itemCount, name: result.wishlist.name })}</Callout>
          {result.skipped.length > 0 && (
            <>
              <h3>{t('transfer.skippedTitle')}</h3>
              <ul className="ww-import-skipped">
                {result.skipped.map((reason) => (
                  <li key={reason}>{reason}</li>
                ))}
              </ul>
            </>
          )}
        </DialogBody>
        <DialogFooter actions={<Button intent="primary" text={t('transfer.openList')} onClick={() => navigate(ownerPath(result.wishlist._id))} />} />
      </Dialog>
    );
  }

  return (
    <Dialog isOpen onClose={onClose} title={t('transfer.importTitle')} className="ww-dialog">
      <form onSubmit={submit}>
        <DialogBody>
          <p>{t('transfer.importIntro')}</p>
          <FormGroup label={t('transfer.file')} labelFor="import-file">
            <FileInput fill text={fileName || t('transfer.chooseFile')} buttonText={t('transfer.browse')} inputProps={{ id: 'import-file', accept: '.json,.csv,.txt,application/json,text/csv,text/plain' }} onInputChange={chooseFile} />
          </FormGroup>
          <FormGroup label={t('transfer.pasteLabel')} labelFor="import-text">
            <TextArea id="import-text" fill rows={5} value={fileName ? '' : content} disabled={fileName !== ''} onChange={(event) => setContent(event.currentTarget.value)} />
          </FormGroup>
          <FormGroup label={t('transfer.name')} labelFor="import-name" helperText={t('transfer.nameHint')}>
            <InputGroup id="import-name" value={name} maxLength={TEXT_LIMITS.listName} onValueChange={setName} />
          </FormGroup>
        </DialogBody>
        <FormDialogFooter onCancel={onClose} submitText={t('transfer.importButton')} busy={busy} disabled={content.trim() === ''} />
      </form>
    </Dialog>
  );
}
