import { Button } from '@blueprintjs/core';

/** The edit and delete buttons of one admin row or card; labelled for screen readers and tests. */
export function RowActions({ name, onEdit, onDelete }: { name: string; onEdit: () => void; onDelete: () => void }) {
  return (
    <>
      <Button variant="minimal" icon="edit" aria-label={`Edit ${name}`} title="Edit" onClick={onEdit} />
      <Button variant="minimal" intent="danger" icon="trash" aria-label={`Delete ${name}`} title="Delete" onClick={onDelete} />
    </>
  );
}
