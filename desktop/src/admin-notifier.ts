import { FailureBursts, finishedSummary, scrapeFailuresSummary, type AdminStreamEvent, type Timers } from '@wishwell/shared/admin-events';

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
  /** Failures on one domain within this time make one notification (default FAILURE_BURST_MS). */
  burstMs?: number;
  /** Where the burst's wait is timed (default: the system's timers; tests move their own clock). */
  timers?: Timers;
}

/**
 * Turns admin stream events into native notifications: one per finished backup or restore, and
 * one per burst of scrape failures on a domain ('5 scrapes failed on example.com').
 */
export class AdminNotifier {
  private readonly bursts: FailureBursts;

  constructor(private readonly deps: NotifierDeps) {
    this.bursts = new FailureBursts(
      (domain, failures) => this.show(scrapeFailuresSummary(domain, failures), () => deps.showScrapeLogs(domain)),
      deps.burstMs,
      deps.timers,
    );
  }

  handle(event: AdminStreamEvent): void {
    if (event.type === 'scrape.failed') this.bursts.add(event.data);
    else this.show(finishedSummary(event), () => this.deps.focusWindow());
  }

  private show(content: { title: string; body: string }, onClick: () => void): void {
    const notification = this.deps.createNotification(content);
    notification.on('click', onClick);
    notification.show();
  }
}
