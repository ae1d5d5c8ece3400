import { Tag } from '@blueprintjs/core';
import type { ScrapeLogEntry } from '@wishwell/shared/scrape-types';
import { formatDateTime, formatSeconds } from '@wishwell/shared/format';
import { AdminPageHeader } from './AdminPageHeader';
import { AdminTable, type AdminColumn } from './AdminTable';
import { useAdminList } from './use-admin-list';
import './admin.css';

const COLUMNS: AdminColumn<ScrapeLogEntry>[] = [
  { label: 'Date', render: (log) => formatDateTime(log.createdAt) },
  {
    label: 'Source URL',
    render: (log) => (
      <a className="ww-admin-url" href={log.sourceUrl} target="_blank" rel="noopener noreferrer" title={log.sourceUrl}>
        {log.sourceUrl}
      </a>
    ),
  },
  {
    label: 'Status',
    // The failure reason is for the operator: a hover away, not a column.
    render: (log) => (
      <Tag intent={log.success ? 'success' : 'danger'} title={log.error ?? undefined}>
        {log.success ? 'Success' : 'Failed'}
      </Tag>
    ),
  },
  { label: 'Time', render: (log) => formatSeconds(log.durationMs) },
  { label: 'User', render: (log) => log.requestedBy?.name ?? 'N/A' },
  { label: 'IP Address', render: (log) => log.ipAddress },
];

/** /admin/scrape-logs: every scrape attempt, newest first. */
export function ScrapeLogsPage() {
  const { rows, loading } = useAdminList<ScrapeLogEntry>('/logs/scrape', 'Failed to fetch scrape logs');
  return (
    <>
      <AdminPageHeader title="Scrape Logs" />
      <AdminTable columns={COLUMNS} rows={rows} loading={loading} emptyText="No scrapes logged yet." />
    </>
  );
}
