import { useState } from 'react';
import { Button } from '@blueprintjs/core';
import type { DomainConfig } from '@wishwell/shared/domain-config-types';
import { api } from '../api/client';
import { useAdminDeleteAlert } from './AdminDeleteAlert';
import { useAdminText, type AdminText } from './admin-text';
import { AdminPageHeader } from './AdminPageHeader';
import { AdminTable, type AdminColumn } from './AdminTable';
import { DomainConfigDialog } from './DomainConfigDialog';
import { RowActions } from './RowActions';
import { useAdminList } from './use-admin-list';
import './admin.css';

const columns = (t: AdminText): AdminColumn<DomainConfig>[] => [
  { label: t('columns.hostname'), render: (config) => config.hostname },
  { label: t('columns.companyName'), render: (config) => config.companyName },
];

const loadConfigs = () => api.get('/domain-configs');

/** /admin/domain-configs: branding (logo, colours, landing texts) per hostname. */
export function DomainConfigsPage() {
  const t = useAdminText();
  const { rows, loading, reload, remove } = useAdminList(loadConfigs, 'Failed to fetch domain configs');
  const [editing, setEditing] = useState<Partial<DomainConfig> | null>(null);
  const deletion = useAdminDeleteAlert<DomainConfig>((config) => remove(() => api.delete('/domain-configs/:id', { params: { id: config._id }, withoutToken: true }), t('domainConfigs.deleteFailed')));

  return (
    <>
      <AdminPageHeader title={t('pages.domainConfigs')}>
        <Button intent="primary" icon="plus" text={t('domainConfigs.add')} onClick={() => setEditing({})} />
      </AdminPageHeader>
      <AdminTable
        columns={columns(t)}
        rows={rows}
        loading={loading}
        emptyText={t('domainConfigs.none')}
        actions={(config) => <RowActions name={config.hostname} onEdit={() => setEditing(config)} onDelete={() => deletion.ask(config)} />}
      />
      {editing && <DomainConfigDialog config={editing} onSaved={() => void reload()} onClose={() => setEditing(null)} />}
      {deletion.alert}
    </>
  );
}
