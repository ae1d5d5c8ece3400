import type { DomainConfig } from '@wishwell/shared/domain-config-types';
import { api } from '../api/client';
import { AdminCollectionPage } from './AdminCollectionPage';
import type { AdminText } from './admin-text';
import type { AdminColumn } from './AdminTable';
import { DomainConfigDialog } from './DomainConfigDialog';

const columns = (t: AdminText): AdminColumn<DomainConfig>[] => [
  { label: t('columns.hostname'), render: (config) => config.hostname },
  { label: t('columns.companyName'), render: (config) => config.companyName },
];

const loadConfigs = () => api.get('/domain-configs');

/** /admin/domain-configs: branding (logo, colours, landing texts) per hostname. */
export function DomainConfigsPage() {
  return (
    <AdminCollectionPage texts="domainConfigs" titleKey="pages.domainConfigs" columns={columns} load={loadConfigs} failureLog="Failed to fetch domain configs"
      nameOf={(config) => config.hostname} itemPath="/domain-configs/:id" Dialog={DomainConfigDialog} />
  );
}
