import { Tag } from '@blueprintjs/core';
import type { EmailLogEntry, LogQuery } from '@wishwell/shared/admin-types';
import { api } from '../api/client';
import { formatDateTime } from '@wishwell/shared/format';
import type { AdminText } from './admin-text';
import type { AdminColumn } from './AdminTable';
import { AdminLogPage } from './AdminLogPage';

const columns = (t: AdminText): AdminColumn<EmailLogEntry>[] => [
  { label: t('columns.date'), render: (log) => formatDateTime(log.createdAt), nowrap: true },
  { label: t('columns.recipient'), render: (log) => log.recipient },
  { label: t('columns.subject'), render: (log) => log.subject },
  { label: t('columns.sentBy'), render: (log) => log.sentBy?.name ?? t('common.notAvailable') },
  {
    label: t('columns.status'),
    // A failed mail's status is the error itself: shown on hover. 'Success' is the log's word, not a text.
    render: (log) =>
      log.status === 'Success' ? (
        <Tag intent="success">{t('common.success')}</Tag>
      ) : (
        <Tag intent="danger" title={log.status}>
          {t('common.failed')}
        </Tag>
      ),
  },
];

const loadEmails = (query: LogQuery) => api.get('/logs/email', { query });

/** /admin/email-logs: every mail the server sent or tried to send, newest first. */
export function EmailLogsPage() {
  return <AdminLogPage texts="emailLogs" columns={columns} load={loadEmails} failureLog="Failed to fetch e-mail logs" withStatus />;
}
