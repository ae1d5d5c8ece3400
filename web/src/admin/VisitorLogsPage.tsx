import { Tag } from '@blueprintjs/core';
import { VISITOR_CROWD_ADDRESS, VISITOR_LOG_CROWD_AFTER, type LogQuery, type VisitorLogEntry } from '@wishwell/shared/admin-types';
import { api } from '../api/client';
import { formatDateTime } from '@wishwell/shared/format';
import type { AdminNumber, AdminText } from './admin-text';
import type { AdminColumn } from './AdminTable';
import { AdminLogPage } from './AdminLogPage';

/** "city, country", whichever parts are known; loopback and private addresses have none. */
function visitorLocation(log: Pick<VisitorLogEntry, 'city' | 'country'>, unknown: string): string {
  return [log.city, log.country].filter(Boolean).join(', ') || unknown;
}

const isCrowd = (log: VisitorLogEntry) => log.ipAddress === VISITOR_CROWD_ADDRESS;

const columns = (t: AdminText, count: AdminNumber): AdminColumn<VisitorLogEntry>[] => [
  {
    label: t('columns.date'),
    render: (log) => (
      <>
        {formatDateTime(log.createdAt)}
        {/* A visitor's views within a second are one entry (a reload flood is one a second). */}
        {log.views > 1 && (
          <Tag minimal round className="ww-admin-views">
            {t('visitorLogs.views', { count: log.views, views: count(log.views) })}
          </Tag>
        )}
      </>
    ),
    nowrap: true,
  },
  { label: t('columns.domain'), render: (log) => log.domain },
  { label: t('columns.location'), render: (log) => visitorLocation(log, t('visitorLogs.unknownLocation')) },
  // A domain's crowd: the views of the visitors past the log's one by one in a second (no address, no browser).
  { label: t('columns.ipAddress'), render: (log) => (isCrowd(log) ? t('visitorLogs.crowd') : log.ipAddress) },
  {
    label: t('columns.userAgent'),
    render: (log) =>
      isCrowd(log) ? (
        t('visitorLogs.crowdNote', { visitors: count(VISITOR_LOG_CROWD_AFTER) })
      ) : (
        <span className="ww-admin-truncate" title={log.userAgent}>
          {log.userAgent}
        </span>
      ),
  },
];

const loadVisits = (query: LogQuery) => api.get('/logs/visitors', { query });

/** /admin/visitor-logs: page views of the public site, newest first. */
export function VisitorLogsPage() {
  return <AdminLogPage texts="visitorLogs" columns={columns} load={loadVisits} failureLog="Failed to fetch visitor logs" />;
}
