import { Button } from '@blueprintjs/core';
import { useAdminText } from './admin-text';

/** The edit and delete buttons of one admin row or card; labelled for screen readers and tests. */
export function RowActions({ name, onEdit, onDelete }: { name: string; onEdit: () => void; onDelete: () => void }) {
  const t = useAdminText();
  return (
    <>
      <Button variant="minimal" icon="edit" aria-label={t('common.editNamed', { name })} title={t('common.edit')} onClick={onEdit} />
      <Button variant="minimal" intent="danger" icon="trash" aria-label={t('common.deleteNamed', { name })} title={t('common.delete')} onClick={onDelete} />
    </>
  );
}
