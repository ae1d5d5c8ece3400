import { finishedSummary, scrapeFailuresTitle, type AdminStreamEvent, type ScrapeFailedNotice } from '@wishwell/shared/admin-events';

/** The parts of Electron's Notification the app uses. */
export interface NotificationLike {
  on(event: 'click', listener: () => void): unknown;
  show(): void;
}

export interface NotifierDeps {
  createNotification(options: { title: string; body: string }): NotificationLike;
  /** Brings the admin window forward on the Scrape Logs page filtered to the domain. */
  showScrapeLogs(domain: string): void;
  /** Brings the admin window forward where it is. */
  focusWindow(): void;
  /** Failures on one domain within this time make one notification. */
  burstMs?: number;
}

const DEFAULT_BURST_MS = 3000;

/**
 * Turns admin stream events into native notifications: one per finished backup or restore, and
 * one per burst of scrape failures on a domain ('5 scrapes failed on example.com').
 */
export class AdminNotifier {
  private readonly bursts = new Map<string, ScrapeFailedNotice[]>();

  constructor(private readonly deps: NotifierDeps) {}

  handle(event: AdminStreamEvent): void {
    if (event.type === 'scrape.failed') this.addFailure(event.data);
    else this.show(finishedSummary(event), () => this.deps.focusWindow());
  }

  private addFailure(failure: ScrapeFailedNotice): void {
    const burst = this.bursts.get(failure.domain);
    if (burst) {
      burst.push(failure);
      return;
    }
    this.bursts.set(failure.domain, [failure]);
    setTimeout(() => this.flush(failure.domain), this.deps.burstMs ?? DEFAULT_BURST_MS);
  }

  private flush(domain: string): void {
    const failures = this.bursts.get(domain) ?? [];
    this.bursts.delete(domain);
    const latest = failures.at(-1);
    if (!latest) return;
    const body = failures.length === 1 ? `${latest.url}\n${latest.reason}` : `Latest: ${latest.url}\n${latest.reason}`;
    this.show({ title: scrapeFailuresTitle(domain, failures.length), body }, () => this.deps.showScrapeLogs(domain));
  }

  private show(content: { title: string; body: string }, onClick: () => void): void {
    const notification = this.deps.createNotification(content);
    notification.on('click', onClick);
    notification.show();
  }
}
