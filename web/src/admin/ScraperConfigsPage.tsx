import { Tag } from '@blueprintjs/core';
import type { ScraperConfig } from '@wishwell/shared/scraper-config-types';
import { formatSeconds } from '@wishwell/shared/format';
import { api } from '../api/client';
import { AdminCollectionPage } from './AdminCollectionPage';
import { useAdminText, type AdminText } from './admin-text';
import type { AdminColumn } from './AdminTable';
import { ScraperConfigDialog } from './ScraperConfigDialog';

const columns = (t: AdminText): AdminColumn<ScraperConfig>[] => [
  { label: t('columns.domain'), render: (config) => config.domain },
  { label: t('columns.strategy'), render: (config) => <Tag minimal intent={config.strategy === 'none' ? 'danger' : 'none'}>{config.strategy}</Tag> },
  { label: t('columns.averageTime'), render: (config) => formatSeconds(config.averageScrapeTimeMs) },
];

const loadConfigs = () => api.get('/scraper-configs');

/** /admin/scraper-configs: per-domain scraping strategy and selectors. */
export function ScraperConfigsPage() {
  const t = useAdminText();
  return (
    <AdminCollectionPage texts="scraperConfigs" titleKey="scraperConfigs.title" columns={columns} load={loadConfigs} failureLog="Failed to fetch scraper configs"
      nameOf={(config) => config.domain} itemPath="/scraper-configs/:id" browserConfirm={t('scraperConfigs.confirmDelete')} Dialog={ScraperConfigDialog} />
  );
}
