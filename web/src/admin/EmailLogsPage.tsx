import { Tag } from '@blueprintjs/core';
import type { EmailLogEntry, LogQuery } from '@wishwell/shared/admin-types';
import { api } from '../api/client';
import { formatDateTime } from '@wishwell/shared/format';
import type { AdminColumn } from './AdminTable';
import { AdminLogPage } from './AdminLogPage';

const COLUMNS: AdminColumn<EmailLogEntry>[] = [
  { label: 'Date', render: (log) => formatDateTime(log.createdAt), nowrap: true },
  { label: 'Recipient', render: (log) => log.recipient },
  { label: 'Subject', render: (log) => log.subject },
  { label: 'Sent By', render: (log) => log.sentBy?.name ?? 'N/A' },
  {
    label: 'Status',
    render: (log) => (
      <Tag intent={log.status === 'Success' ? 'success' : 'danger'} title={log.status}>
        {log.status === 'Success' ? 'Success' : 'Failed'}
      </Tag>
    ),
  },
];

const loadEmails = (query: LogQuery) => api.get('/logs/email', { query });

/** /admin/email-logs: every mail the server sent or tried to send, newest first. */
export function EmailLogsPage() {
  return (
    <AdminLogPage
      title="E-mail Logs"
      load={loadEmails}
      failureLog="Failed to fetch e-mail logs"
      columns={COLUMNS}
      emptyText="No e-mails logged yet."
      searchPlaceholder="Recipient or subject"
      withStatus
    />
  );
}
