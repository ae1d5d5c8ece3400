import { useState } from 'react';
import { Button, Tag } from '@blueprintjs/core';
import type { ScraperConfig } from '@wishwell/shared/scraper-config-types';
import { formatSeconds } from '@wishwell/shared/format';
import { api } from '../api/client';
import { AdminPageHeader } from './AdminPageHeader';
import { AdminTable, type AdminColumn } from './AdminTable';
import { RowActions } from './RowActions';
import { ScraperConfigDialog } from './ScraperConfigDialog';
import { useAdminList } from './use-admin-list';
import './admin.css';

const COLUMNS: AdminColumn<ScraperConfig>[] = [
  { label: 'Domain', render: (config) => config.domain },
  { label: 'Strategy', render: (config) => <Tag minimal intent={config.strategy === 'none' ? 'danger' : 'none'}>{config.strategy}</Tag> },
  { label: 'Avg. Scrape Time', render: (config) => formatSeconds(config.averageScrapeTimeMs) },
];

const loadConfigs = () => api.get('/scraper-configs');

/** /admin/scraper-configs: per-domain scraping strategy and selectors. */
export function ScraperConfigsPage() {
  const { rows, loading, reload, remove } = useAdminList(loadConfigs, 'Failed to fetch scraper configs');
  const [editing, setEditing] = useState<Partial<ScraperConfig> | null>(null);

  const removeConfig = async (config: ScraperConfig) => {
    if (!window.confirm('Are you sure you want to delete this config?')) return;
    await remove(() => api.delete('/scraper-configs/:id', { params: { id: config._id }, withoutToken: true }), 'Failed to delete config');
  };

  return (
    <>
      <AdminPageHeader title="Scraper Strategy Management">
        <Button intent="primary" icon="plus" text="Add Config" onClick={() => setEditing({})} />
      </AdminPageHeader>
      <AdminTable
        columns={COLUMNS}
        rows={rows}
        loading={loading}
        emptyText="No scraper configs yet: every site uses the default strategy."
        actions={(config) => <RowActions name={config.domain} onEdit={() => setEditing(config)} onDelete={() => void removeConfig(config)} />}
      />
      {editing && <ScraperConfigDialog config={editing} onSaved={() => void reload()} onClose={() => setEditing(null)} />}
    </>
  );
}
