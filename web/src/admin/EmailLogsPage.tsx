import { Tag } from '@blueprintjs/core';
import type { EmailLogEntry, LogQuery } from '@wishwell/shared/admin-types';
import { api } from '../api/client';
import { formatDateTime } from '@wishwell/shared/format';
import type { AdminText } from './admin-text';
import type { AdminColumn } from './AdminTable';
import { AdminLogPage } from './AdminLogPage';
import { EmailAddress } from './EmailAddress';

const columns = (t: AdminText): AdminColumn<EmailLogEntry>[] => [
  { label: t('columns.date'), render: (log) => formatDateTime(log.createdAt), nowrap: true },
  { label: t('columns.recipient'), render: (log) => <EmailAddress address={log.recipient} /> },
  { label: t('columns.subject'), render: (log) => log.subject },
  { label: t('columns.sentBy'), render: (log) => log.sentBy?.name ?? t('common.notAvailable') },
  { label: t('columns.status'), render: (log) => <MailStatus status={log.status} t={t} /> },
];

/**
 * The outbox writes 'Queued', 'Retrying: …' (the last try's error), 'Success' or the failure
 * itself: the log's words, not texts; the error is shown on hover.
 */
function MailStatus({ status, t }: { status: string; t: AdminText }) {
  if (status === 'Success') return <Tag intent="success">{t('common.success')}</Tag>;
  if (status === 'Queued') return <Tag intent="primary">{t('common.queued')}</Tag>;
  if (status.startsWith('Retrying')) return <Tag intent="warning" title={status}>{t('common.retrying')}</Tag>;
  return (
    <Tag intent="danger" title={status}>
      {t('common.failed')}
    </Tag>
  );
}

const loadEmails = (query: LogQuery) => api.get('/logs/email', { query });

/** /admin/email-logs: every mail the server sent or tried to send, newest first. */
export function EmailLogsPage() {
  return <AdminLogPage texts="emailLogs" columns={columns} load={loadEmails} failureLog="Failed to fetch e-mail logs" withStatus />;
}
