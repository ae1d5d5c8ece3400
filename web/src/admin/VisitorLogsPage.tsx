import type { LogQuery, VisitorLogEntry } from '@wishwell/shared/admin-types';
import { api } from '../api/client';
import { formatDateTime } from '@wishwell/shared/format';
import type { AdminColumn } from './AdminTable';
import { AdminLogPage } from './AdminLogPage';

const loadVisits = (query: LogQuery) => api.get('/logs/visitors', { query });

/** "city, country", whichever parts are known; loopback and private addresses have none. */
export function visitorLocation(log: Pick<VisitorLogEntry, 'city' | 'country'>): string {
  return [log.city, log.country].filter(Boolean).join(', ') || 'Unknown';
}

const COLUMNS: AdminColumn<VisitorLogEntry>[] = [
  { label: 'Date', render: (log) => formatDateTime(log.createdAt), nowrap: true },
  { label: 'Domain', render: (log) => log.domain },
  { label: 'Location', render: visitorLocation },
  { label: 'IP Address', render: (log) => log.ipAddress },
  {
    label: 'User Agent',
    render: (log) => (
      <span className="ww-admin-truncate" title={log.userAgent}>
        {log.userAgent}
      </span>
    ),
  },
];

/** /admin/visitor-logs: page views of the public site, newest first. */
export function VisitorLogsPage() {
  return (
    <AdminLogPage
      title="Visitor Logs"
      load={loadVisits}
      failureLog="Failed to fetch visitor logs"
      columns={COLUMNS}
      emptyText="No visits logged yet."
      searchPlaceholder="Domain, place, IP address or browser"
    />
  );
}
