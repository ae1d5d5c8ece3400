import { Tag } from '@blueprintjs/core';
import type { EmailLogEntry, LogQuery } from '@wishwell/shared/admin-types';
import { api } from '../api/client';
import { formatDateTime } from '@wishwell/shared/format';
import { useAdminText, type AdminText } from './admin-text';
import type { AdminColumn } from './AdminTable';
import { AdminLogPage } from './AdminLogPage';

const columns = (t: AdminText): AdminColumn<EmailLogEntry>[] => [
  { label: t('columns.date'), render: (log) => formatDateTime(log.createdAt), nowrap: true },
  { label: t('columns.recipient'), render: (log) => log.recipient },
  { label: t('columns.subject'), render: (log) => log.subject },
  { label: t('columns.sentBy'), render: (log) => log.sentBy?.name ?? t('common.notAvailable') },
  {
    label: t('columns.status'),
    render: (log) => (
      <Tag intent={log.status === 'Success' ? 'success' : 'danger'} title={log.status}>
        {log.status === 'Success' ? t('common.success') : t('common.failed')}
      </Tag>
    ),
  },
];

const loadEmails = (query: LogQuery) => api.get('/logs/email', { query });

/** /admin/email-logs: every mail the server sent or tried to send, newest first. */
export function EmailLogsPage() {
  const t = useAdminText();
  return (
    <AdminLogPage
      title={t('pages.emailLogs')}
      load={loadEmails}
      failureLog="Failed to fetch e-mail logs"
      columns={columns(t)}
      emptyText={t('emailLogs.none')}
      searchPlaceholder={t('emailLogs.search')}
      withStatus
    />
  );
}
