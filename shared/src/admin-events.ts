/**
 * The admin event stream (GET /api/v1/admin/events, Server-Sent Events): what each event carries,
 * shared by the server that sends it, the admin console's toasts and the desktop app's notifications.
 */

export interface EventActor {
  _id: string;
  name: string;
}

export interface ScrapeFailedNotice {
  url: string;
  /** The link's host name, as the Scrape Logs page filters by it. */
  domain: string;
  at: string;
  requestedBy: EventActor | null;
  reason: string;
}

export interface BackupFinishedNotice {
  at: string;
  by: EventActor | null;
  fileName: string;
  sizeBytes: number;
}

export interface RestoreFinishedNotice {
  at: string;
  by: EventActor | null;
  fileName: string;
}

export interface AdminEventPayloads {
  'scrape.failed': ScrapeFailedNotice;
  'backup.finished': BackupFinishedNotice;
  'restore.finished': RestoreFinishedNotice;
}

export type AdminEventType = keyof AdminEventPayloads;

export const ADMIN_EVENT_TYPES: readonly AdminEventType[] = ['scrape.failed', 'backup.finished', 'restore.finished'];

/** One event as it arrives: the SSE id, event name and parsed JSON data. */
export type AdminStreamEvent = { [K in AdminEventType]: { id: string; type: K; data: AdminEventPayloads[K] } }[AdminEventType];

/** The Scrape Logs page showing the failures on one domain (where a failure notification leads). */
export function scrapeLogsPathFor(domain: string): string {
  return `/admin/scrape-logs?${new URLSearchParams({ q: domain, status: 'failed' })}`;
}

/** Failures on one domain within this time make one notification or toast. */
export const FAILURE_BURST_MS = 3000;

/** 'Scrape failed on example.com', or '5 scrapes failed on example.com' for a burst; the latest link and reason below. */
export function scrapeFailuresSummary(domain: string, failures: ScrapeFailedNotice[]): { title: string; body: string } {
  const latest = failures.at(-1)!;
  const title = failures.length === 1 ? `Scrape failed on ${domain}` : `${failures.length} scrapes failed on ${domain}`;
  return { title, body: `${failures.length === 1 ? '' : 'Latest: '}${latest.url}\n${latest.reason}` };
}

/**
 * Collects scrape failures per domain and hands each burst over once `burstMs` has passed since
 * its first failure, so a shop that fails five times in a row makes one notification.
 */
export class FailureBursts {
  private readonly open = new Map<string, { failures: ScrapeFailedNotice[]; timer: ReturnType<typeof setTimeout> }>();

  constructor(
    private readonly onBurst: (domain: string, failures: ScrapeFailedNotice[]) => void,
    private readonly burstMs = FAILURE_BURST_MS,
  ) {}

  add(failure: ScrapeFailedNotice): void {
    const burst = this.open.get(failure.domain);
    if (burst) {
      burst.failures.push(failure);
      return;
    }
    const timer = setTimeout(() => {
      const failures = this.open.get(failure.domain)?.failures ?? [];
      this.open.delete(failure.domain);
      this.onBurst(failure.domain, failures);
    }, this.burstMs);
    this.open.set(failure.domain, { failures: [failure], timer });
  }

  /** Drops the bursts not yet handed over (their page or app is closing). */
  cancel(): void {
    for (const { timer } of this.open.values()) clearTimeout(timer);
    this.open.clear();
  }
}

/** The line under a finished backup or restore: who ran it and, for a backup, the file. */
export function finishedSummary(event: Extract<AdminStreamEvent, { type: 'backup.finished' | 'restore.finished' }>): { title: string; body: string } {
  const who = event.data.by ? ` by ${event.data.by.name}` : '';
  return event.type === 'backup.finished'
    ? { title: 'Backup finished', body: `${event.data.fileName} (${formatMegabytes(event.data.sizeBytes)})${who}` }
    : { title: 'Restore finished', body: `Restored from ${event.data.fileName}${who}` };
}

function formatMegabytes(bytes: number): string {
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}
