import { Alert, type IconName } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/react';

interface ConfirmDeleteAlertProps {
  isOpen: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  /** The confirm button's text (default 'Delete', in the viewer's language). */
  confirmText?: string;
  /** The alert's icon: a trash can, unless what is confirmed is not a deletion (a restore). */
  icon?: IconName;
  children: ReactNode;
}

/** The one way the app asks before deleting something: a danger alert with Cancel and Delete. */
export function ConfirmDeleteAlert({ isOpen, onCancel, onConfirm, confirmText, icon = 'trash', children }: ConfirmDeleteAlertProps) {
  const { t } = useTranslation();
  return (
    <Alert
      isOpen={isOpen}
      intent="danger"
      icon={icon}
      confirmButtonText={confirmText ?? t('common.delete')}
      cancelButtonText={t('common.cancel')}
      canEscapeKeyCancel
      onCancel={onCancel}
      onConfirm={onConfirm}
    >
      {children}
    </Alert>
  );
}
