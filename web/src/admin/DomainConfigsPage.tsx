import { useState } from 'react';
import { Button } from '@blueprintjs/core';
import type { DomainConfig } from '@wishwell/shared/domain-config-types';
import { api } from '../api/client';
import { useAdminDeleteAlert } from './AdminDeleteAlert';
import { AdminPageHeader } from './AdminPageHeader';
import { AdminTable, type AdminColumn } from './AdminTable';
import { DomainConfigDialog } from './DomainConfigDialog';
import { RowActions } from './RowActions';
import { useAdminList } from './use-admin-list';
import './admin.css';

const COLUMNS: AdminColumn<DomainConfig>[] = [
  { label: 'Hostname', render: (config) => config.hostname },
  { label: 'Company Name', render: (config) => config.companyName },
];

const loadConfigs = () => api.get('/domain-configs');

/** /admin/domain-configs: branding (logo, colours, landing texts) per hostname. */
export function DomainConfigsPage() {
  const { rows, loading, reload, remove } = useAdminList(loadConfigs, 'Failed to fetch domain configs');
  const [editing, setEditing] = useState<Partial<DomainConfig> | null>(null);
  const deletion = useAdminDeleteAlert<DomainConfig>((config) => remove(() => api.delete('/domain-configs/:id', { params: { id: config._id }, withoutToken: true }), 'Failed to delete domain config'));

  return (
    <>
      <AdminPageHeader title="Domain Configs">
        <Button intent="primary" icon="plus" text="Add Domain" onClick={() => setEditing({})} />
      </AdminPageHeader>
      <AdminTable
        columns={COLUMNS}
        rows={rows}
        loading={loading}
        emptyText="No domain configs yet."
        actions={(config) => <RowActions name={config.hostname} onEdit={() => setEditing(config)} onDelete={() => deletion.ask(config)} />}
      />
      {editing && <DomainConfigDialog config={editing} onSaved={() => void reload()} onClose={() => setEditing(null)} />}
      {deletion.alert}
    </>
  );
}
