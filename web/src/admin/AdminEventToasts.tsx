import { useEffect, useMemo } from 'react';
import { useNavigate } from '../app/routing';
import { FailureBursts, finishedSummary, scrapeFailuresSummary, scrapeLogsPathFor, type AdminEventWording } from '@wishwell/shared/admin-events';
import { notify } from '../notifications/notify';
import { useAdminText, type AdminText } from './admin-text';
import { useAdminEvents } from './use-admin-events';

/** The notifications' words from the admin catalogue, in the reader's language. */
function eventWording(t: AdminText): AdminEventWording {
  return {
    scrapesFailed: (count, domain) => t('scrapeLogs.failed', { count, domain }),
    latest: (url) => t('scrapeLogs.latest', { url }),
    by: (what, name) => t('events.by', { what, name }),
    noReason: t('events.noReason'),
    backupFailed: t('events.backupFailed'),
    restoreFailed: t('events.restoreFailed'),
    backupFinished: t('events.backupFinished'),
    restoreFinished: t('events.restoreFinished'),
    restoredFrom: (file) => t('events.restoredFrom', { file }),
  };
}

/**
 * The admin event stream as toasts (the desktop app shows the same as native notifications):
 * scrape failures grouped per domain and burst, with a link to their log; finished backups and
 * restores. `onScrapeFailure` lets the page refresh its rows.
 */
export function AdminEventToasts({ onScrapeFailure }: { onScrapeFailure?: () => void }) {
  const navigate = useNavigate();
  const t = useAdminText();
  const wording = useMemo(() => eventWording(t), [t]);
  const bursts = useMemo(
    () =>
      new FailureBursts((domain, failures) => {
        const { title, body } = scrapeFailuresSummary(domain, failures, wording);
        notify(`${title}. ${body.replace(/\n/g, ' — ')}`, 'error', { text: t('scrapeLogs.show'), onClick: () => navigate(scrapeLogsPathFor(domain)) });
      }),
    [navigate, wording, t],
  );
  useEffect(() => () => bursts.cancel(), [bursts]);
  useAdminEvents((event) => {
    if (event.type === 'scrape.failed') {
      bursts.add(event.data);
      onScrapeFailure?.();
    } else {
      const { title, body } = finishedSummary(event, wording);
      notify(`${title}: ${body}`, 'success');
    }
  });
  return null;
}
