import { useState } from 'react';
import { ConfirmDeleteAlert } from '../ui/ConfirmDeleteAlert';
import { useAdminText } from './admin-text';

/**
 * The admin delete confirmation (spec section 2: 'Confirm Deletion: Are you sure you want to
 * delete this item? This action cannot be undone.'): `ask(row)` opens it; confirming deletes.
 */
export function useAdminDeleteAlert<T>(onConfirm: (row: T) => Promise<void>) {
  const t = useAdminText();
  const [deleting, setDeleting] = useState<T | null>(null);
  const confirm = async () => {
    if (deleting === null) return;
    setDeleting(null);
    await onConfirm(deleting);
  };
  const alert = (
    <ConfirmDeleteAlert isOpen={deleting !== null} onCancel={() => setDeleting(null)} onConfirm={() => void confirm()}>
      <p className="ww-admin-alert-title">{t('common.confirmDeletionTitle')}</p>
      <p>{t('common.confirmDeletion')}</p>
    </ConfirmDeleteAlert>
  );
  return { ask: setDeleting, alert };
}
