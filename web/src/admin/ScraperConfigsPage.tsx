import { useState } from 'react';
import { Button, Tag } from '@blueprintjs/core';
import type { ScraperConfig } from '@wishwell/shared/scraper-config-types';
import { formatSeconds } from '@wishwell/shared/format';
import { useAdminText, type AdminText } from './admin-text';
import { api } from '../api/client';
import { AdminPageHeader } from './AdminPageHeader';
import { AdminTable, type AdminColumn } from './AdminTable';
import { RowActions } from './RowActions';
import { ScraperConfigDialog } from './ScraperConfigDialog';
import { useAdminList } from './use-admin-list';
import './admin.css';

const columns = (t: AdminText): AdminColumn<ScraperConfig>[] => [
  { label: t('columns.domain'), render: (config) => config.domain },
  { label: t('columns.strategy'), render: (config) => <Tag minimal intent={config.strategy === 'none' ? 'danger' : 'none'}>{config.strategy}</Tag> },
  { label: t('columns.averageTime'), render: (config) => formatSeconds(config.averageScrapeTimeMs) },
];

const loadConfigs = () => api.get('/scraper-configs');

/** /admin/scraper-configs: per-domain scraping strategy and selectors. */
export function ScraperConfigsPage() {
  const t = useAdminText();
  const { rows, loading, reload, remove } = useAdminList(loadConfigs, 'Failed to fetch scraper configs');
  const [editing, setEditing] = useState<Partial<ScraperConfig> | null>(null);

  const removeConfig = async (config: ScraperConfig) => {
    if (!window.confirm(t('scraperConfigs.confirmDelete'))) return;
    await remove(() => api.delete('/scraper-configs/:id', { params: { id: config._id }, withoutToken: true }), t('scraperConfigs.deleteFailed'));
  };

  return (
    <>
      <AdminPageHeader title={t('scraperConfigs.title')}>
        <Button intent="primary" icon="plus" text={t('scraperConfigs.add')} onClick={() => setEditing({})} />
      </AdminPageHeader>
      <AdminTable
        columns={columns(t)}
        rows={rows}
        loading={loading}
        emptyText={t('scraperConfigs.none')}
        actions={(config) => <RowActions name={config.domain} onEdit={() => setEditing(config)} onDelete={() => void removeConfig(config)} />}
      />
      {editing && <ScraperConfigDialog config={editing} onSaved={() => void reload()} onClose={() => setEditing(null)} />}
    </>
  );
}
