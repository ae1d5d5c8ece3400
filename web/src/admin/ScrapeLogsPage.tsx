import { Tag, type Intent } from '@blueprintjs/core';
import type { LogQuery } from '@wishwell/shared/admin-types';
import type { ScrapeLogEntry, ScrapeOutcome } from '@wishwell/shared/scrape-types';
import { api } from '../api/client';
import { formatDateTime, formatSeconds } from '@wishwell/shared/format';
import { isWebAddress } from '@wishwell/shared/domain';
import type { AdminText } from './admin-text';
import type { AdminColumn } from './AdminTable';
import { AdminLogPage } from './AdminLogPage';

/** A logged link is clickable only when it is an http(s) address: refused links are logged verbatim. */
function SourceUrl({ url }: { url: string }) {
  if (!isWebAddress(url)) return <span className="ww-admin-url" title={url}>{url}</span>;
  return (
    <a className="ww-admin-url" href={url} target="_blank" rel="noopener noreferrer" title={url}>
      {url}
    </a>
  );
}

const OUTCOME_INTENTS = { success: 'success', partial: 'warning', failed: 'danger' } as const satisfies Record<ScrapeOutcome, Intent>;
const OUTCOME_TEXTS = { success: 'common.success', partial: 'common.incomplete', failed: 'common.failed' } as const satisfies Record<ScrapeOutcome, string>;

const columns = (t: AdminText): AdminColumn<ScrapeLogEntry>[] => [
  { label: t('columns.date'), render: (log) => formatDateTime(log.createdAt), nowrap: true },
  { label: t('columns.sourceUrl'), render: (log) => <SourceUrl url={log.sourceUrl} /> },
  {
    label: t('columns.status'),
    // The failure reason is for the operator: a hover away, not a column.
    render: (log) => (
      <Tag intent={OUTCOME_INTENTS[log.outcome]} title={log.error ?? undefined}>
        {t(OUTCOME_TEXTS[log.outcome])}
      </Tag>
    ),
  },
  { label: t('columns.time'), render: (log) => formatSeconds(log.durationMs) },
  { label: t('columns.user'), render: (log) => log.requestedBy?.name ?? t('common.notAvailable') },
  { label: t('columns.ipAddress'), render: (log) => log.ipAddress },
];

const loadScrapes = (query: LogQuery) => api.get('/logs/scrape', { query });

/** /admin/scrape-logs: every scrape attempt, newest first, paged by the server; new failures appear as toasts. */
export function ScrapeLogsPage() {
  return <AdminLogPage texts="scrapeLogs" columns={columns} load={loadScrapes} failureLog="Failed to fetch scrape logs" withStatus withScrapeFailureToasts />;
}
