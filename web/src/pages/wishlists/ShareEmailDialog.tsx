import { useState, type FormEvent } from 'react';
import { Dialog, DialogBody, FormGroup, InputGroup, TextArea } from '@blueprintjs/core';
import { useTranslation } from '../../i18n/react';
import type { ShareByEmailInput } from '@wishwell/shared/wishlist-types';
import { api } from '../../api/client';
import { useAsyncAction } from '../../ui/use-async-action';
import { FormDialogFooter } from '../../ui/FormDialogFooter';

/** Share via Email: comma-separated recipients and a message; the server mails each the share link. */
export function ShareEmailDialog({ wishlistId, onClose }: { wishlistId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const [recipients, setRecipients] = useState('');
  const [message, setMessage] = useState('');
  const { busy: sending, run } = useAsyncAction();

  const send = async (event: FormEvent) => {
    event.preventDefault();
    await run(async () => {
      const body: ShareByEmailInput = { recipients, message, domain: window.location.hostname };
      await api.post('/wishlists/:id/share', { params: { id: wishlistId }, body });
      onClose();
    }, { success: t('shareMenu.sent'), failure: t('shareMenu.sendFailed') });
  };

  return (
    <Dialog isOpen onClose={onClose} title={t('shareMenu.email')} className="ww-dialog">
      <form onSubmit={send}>
        <DialogBody>
          <FormGroup label={t('shareMenu.recipients')} labelFor="share-recipients" helperText={t('shareMenu.recipientsHelp')}>
            <InputGroup id="share-recipients" required value={recipients} onValueChange={setRecipients} placeholder="anna@example.com, ben@example.com" />
          </FormGroup>
          <FormGroup label={t('shareMenu.message')} labelFor="share-message">
            <TextArea id="share-message" fill rows={4} value={message} onChange={(e) => setMessage(e.target.value)} />
          </FormGroup>
        </DialogBody>
        <FormDialogFooter onCancel={onClose} submitText={t('shareMenu.send')} busy={sending} />
      </form>
    </Dialog>
  );
}
