import { useEffect, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { FailureBursts, finishedSummary, scrapeFailuresSummary, scrapeLogsPathFor } from '@wishwell/shared/admin-events';
import { notify } from '../notifications/notify';
import { useAdminEvents } from './use-admin-events';

/**
 * The admin event stream as toasts (the desktop app shows the same as native notifications):
 * scrape failures grouped per domain and burst, with a link to their log; finished backups and
 * restores. `onScrapeFailure` lets the page refresh its rows.
 */
export function AdminEventToasts({ onScrapeFailure }: { onScrapeFailure?: () => void }) {
  const navigate = useNavigate();
  const bursts = useMemo(
    () =>
      new FailureBursts((domain, failures) => {
        const { title, body } = scrapeFailuresSummary(domain, failures);
        notify(`${title}. ${body.replace(/\n/g, ' — ')}`, 'error', { text: 'Show', onClick: () => navigate(scrapeLogsPathFor(domain)) });
      }),
    [navigate],
  );
  useEffect(() => () => bursts.cancel(), [bursts]);
  useAdminEvents((event) => {
    if (event.type === 'scrape.failed') {
      bursts.add(event.data);
      onScrapeFailure?.();
    } else {
      const { title, body } = finishedSummary(event);
      notify(`${title}: ${body}`, 'success');
    }
  });
  return null;
}
