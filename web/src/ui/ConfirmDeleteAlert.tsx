import { Alert } from '@blueprintjs/core';
import type { ReactNode } from 'react';

interface ConfirmDeleteAlertProps {
  isOpen: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  /** The confirm button's text (default 'Delete'). */
  confirmText?: string;
  children: ReactNode;
}

/** The one way the app asks before deleting something: a danger alert with Cancel and Delete. */
export function ConfirmDeleteAlert({ isOpen, onCancel, onConfirm, confirmText = 'Delete', children }: ConfirmDeleteAlertProps) {
  return (
    <Alert
      isOpen={isOpen}
      intent="danger"
      icon="trash"
      confirmButtonText={confirmText}
      cancelButtonText="Cancel"
      canEscapeKeyCancel
      onCancel={onCancel}
      onConfirm={onConfirm}
    >
      {children}
    </Alert>
  );
}
