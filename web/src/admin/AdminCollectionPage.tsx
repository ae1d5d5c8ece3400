import { useState, type ComponentType } from 'react';
import { Button } from '@blueprintjs/core';
import { api } from '../api/client';
import { useAdminDeleteAlert } from './AdminDeleteAlert';
import type { AdminEntityTexts, AdminDialogProps } from './AdminFormDialog';
import { useAdminText, type AdminText } from './admin-text';
import { AdminPageHeader } from './AdminPageHeader';
import { AdminTable, type AdminColumn } from './AdminTable';
import { RowActions } from './RowActions';
import { useAdminList } from './use-admin-list';
import './admin.css';

interface Props<T extends { _id: string }> {
  /** The entity's group in the admin catalogue, holding `add`, `none` and `deleteFailed`. */
  texts: AdminEntityTexts;
  /** The catalogue key of the page's heading. */
  titleKey: string;
  columns: (t: AdminText) => AdminColumn<T>[];
  /** Reads the whole collection; one function for the page's life. */
  load: () => Promise<T[]>;
  failureLog: string;
  /** What a row's edit and delete buttons are labelled with ("Delete amazon.co.uk"). */
  nameOf: (row: T) => string;
  /** A row's own path, which DELETE removes it at. */
  itemPath: '/domain-configs/:id' | '/referral-rules/:id' | '/scraper-configs/:id';
  /** Asks through the browser's confirm with this text instead of the console's alert (spec: scraper configs). */
  browserConfirm?: string;
  /** The create/edit dialog: an empty row creates. */
  Dialog: ComponentType<AdminDialogProps<T>>;
}

/** An admin collection page: its heading with the Add button, the rows with edit and delete, the dialog and the delete confirmation. */
export function AdminCollectionPage<T extends { _id: string }>(props: Props<T>) {
  const { texts, titleKey, columns, load, failureLog, nameOf, itemPath, browserConfirm, Dialog } = props;
  const t = useAdminText();
  const { rows, loading, reload, remove } = useAdminList(load, failureLog);
  const [editing, setEditing] = useState<Partial<T> | null>(null);
  // The spec sends these deletes without the bearer token.
  const deleteRow = (row: T) => api.delete(itemPath, { params: { id: row._id }, withoutToken: true });
  const removeRow = (row: T) => remove(() => deleteRow(row), t(`${texts}.deleteFailed`));
  const deletion = useAdminDeleteAlert(removeRow);
  const askDelete = (row: T) => {
    if (browserConfirm === undefined) deletion.ask(row);
    else if (window.confirm(browserConfirm)) void removeRow(row);
  };

  return (
    <>
      <AdminPageHeader title={t(titleKey)}>
        <Button intent="primary" icon="plus" text={t(`${texts}.add`)} onClick={() => setEditing({})} />
      </AdminPageHeader>
      <AdminTable
        columns={columns(t)}
        rows={rows}
        loading={loading}
        emptyText={t(`${texts}.none`)}
        actions={(row) => <RowActions name={nameOf(row)} onEdit={() => setEditing(row)} onDelete={() => askDelete(row)} />}
      />
      {editing && <Dialog row={editing} onSaved={() => void reload()} onClose={() => setEditing(null)} />}
      {browserConfirm === undefined && deletion.alert}
    </>
  );
}
