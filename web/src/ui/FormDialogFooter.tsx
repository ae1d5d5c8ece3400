import { Button, DialogFooter, type Intent } from '@blueprintjs/core';
import { useTranslation } from '../i18n/react';

interface FormDialogFooterProps {
  onCancel: () => void;
  submitText: string;
  busy: boolean;
  disabled?: boolean;
  intent?: Intent;
}

/** The footer of every form dialog: Cancel, and the submit button of the surrounding form. */
export function FormDialogFooter({ onCancel, submitText, busy, disabled, intent = 'primary' }: FormDialogFooterProps) {
  const { t } = useTranslation();
  return (
    <DialogFooter
      actions={
        <>
          <Button text={t('common.cancel')} onClick={onCancel} />
          <Button type="submit" intent={intent} text={submitText} disabled={disabled} loading={busy} />
        </>
      }
    />
  );
}
