import type { FormEvent, ReactNode } from 'react';
import { Dialog, DialogBody, FormGroup, InputGroup } from '@blueprintjs/core';
import { useTranslation } from '../../i18n/react';
import { Emphasised } from '../../i18n/Sentence';
import { FormDialogFooter } from '../../ui/FormDialogFooter';
import type { BuyerContact } from './BuyerContact';

interface Props {
  title: string;
  /** The catalogue key of the sentence above the fields, naming the item (`{{title}}`). */
  introKey: string;
  itemTitle: string;
  submitText: string;
  busy: boolean;
  disabled?: boolean;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}

/** A guest's claim on a shared item (a purchase mark or a pledge): the sentence naming the item, the fields, Cancel and the green submit. */
export function GuestClaimDialog({ title, introKey, itemTitle, submitText, busy, disabled, onSubmit, onClose, children }: Props) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Dialog isOpen onClose={onClose} title={title} className="ww-dialog">
      <form onSubmit={submit}>
        <DialogBody>
          <p>
            <Emphasised i18nKey={introKey} title={itemTitle} />
          </p>
          {children}
        </DialogBody>
        <FormDialogFooter onCancel={onClose} submitText={submitText} busy={busy} disabled={disabled} intent="success" />
      </form>
    </Dialog>
  );
}

interface ContactProps {
  /** The fields' ids are `<idPrefix>-name` and `<idPrefix>-email`. */
  idPrefix: string;
  contact: BuyerContact;
  /** The name is the first field (no other field before it). */
  autoFocus?: boolean;
}

/** The guest's optional name (shown to the owner) and, where the server can send mail, e-mail (for the link to change the claim later). */
export function GuestContactFields({ idPrefix, contact, autoFocus }: ContactProps) {
  const { t } = useTranslation();
  return (
    <>
      <FormGroup label={t('purchase.name')} labelFor={`${idPrefix}-name`} labelInfo={t('common.optional')}>
        <InputGroup id={`${idPrefix}-name`} autoFocus={autoFocus} value={contact.name} onValueChange={contact.setName} placeholder={t('common.anonymous')} />
      </FormGroup>
      {contact.offersMail && (
        <FormGroup label={t('purchase.email')} labelFor={`${idPrefix}-email`} labelInfo={t('common.optional')} helperText={t('purchase.emailHelp')}>
          <InputGroup id={`${idPrefix}-email`} type="email" value={contact.email} onValueChange={contact.setEmail} placeholder={t('common.emailPlaceholder')} />
        </FormGroup>
      )}
    </>
  );
}
