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

/** A backup or restore that ended: who ran it, the file, how long it took, and how it went. */
export interface OperationNotice {
  at: string;
  by: EventActor | null;
  fileName: string;
  sizeBytes: number;
  durationMs: number;
  outcome: 'succeeded' | 'failed';
  /** Why it failed (null when it succeeded). */
  message: string | null;
}

export type BackupFinishedNotice = OperationNotice;
export type RestoreFinishedNotice = OperationNotice;

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

/**
 * The words of the notifications: English here (the desktop app's native notifications); the admin
 * console passes its reader's language from its catalogue.
 */
export interface AdminEventWording {
  /** 'Scrape failed on example.com' / '5 scrapes failed on example.com'. */
  scrapesFailed(count: number, domain: string): string;
  /** 'Latest: https://…', the burst's last link. */
  latest(url: string): string;
  /** 'file.gz by Ann': what an operator ran, and who. */
  by(what: string, name: string): string;
  noReason: string;
  backupFailed: string;
  restoreFailed: string;
  backupFinished: string;
  restoreFinished: string;
  restoredFrom(fileName: string): string;
}

export const ENGLISH_EVENT_WORDING: AdminEventWording = {
  scrapesFailed: (count, domain) => (count === 1 ? `Scrape failed on ${domain}` : `${count} scrapes failed on ${domain}`),
  latest: (url) => `Latest: ${url}`,
  by: (what, name) => `${what} by ${name}`,
  noReason: 'no reason given',
  backupFailed: 'Backup failed',
  restoreFailed: 'Restore failed',
  backupFinished: 'Backup finished',
  restoreFinished: 'Restore finished',
  restoredFrom: (fileName) => `Restored from ${fileName}`,
};

/** 'Scrape failed on example.com', or '5 scrapes failed on example.com' for a burst; the latest link and reason below. */
export function scrapeFailuresSummary(
  domain: string,
  failures: ScrapeFailedNotice[],
  wording: AdminEventWording = ENGLISH_EVENT_WORDING,
): { title: string; body: string } {
  const latest = failures.at(-1)!;
  const link = failures.length === 1 ? latest.url : wording.latest(latest.url);
  return { title: wording.scrapesFailed(failures.length, domain), body: `${link}\n${latest.reason}` };
}

/** Where a wait is timed: the system's timers, or a test's own clock (the server's Clock is one). */
export interface Timers {
  /** Runs `run` once, `ms` from now. */
  after(ms: number, run: () => void): { cancel(): void };
}

const systemTimers: Timers = {
  after(ms, run) {
    const timer = setTimeout(run, ms);
    return { cancel: () => clearTimeout(timer) };
  },
};

/**
 * Collects scrape failures per domain and hands each burst over once `burstMs` has passed since
 * its first failure, so a shop that fails five times in a row makes one notification.
 */
export class FailureBursts {
  private readonly open = new Map<string, { failures: ScrapeFailedNotice[]; timer: { cancel(): void } }>();

  constructor(
    private readonly onBurst: (domain: string, failures: ScrapeFailedNotice[]) => void,
    private readonly burstMs = FAILURE_BURST_MS,
    private readonly timers: Timers = systemTimers,
  ) {}

  add(failure: ScrapeFailedNotice): void {
    const burst = this.open.get(failure.domain);
    if (burst) {
      burst.failures.push(failure);
      return;
    }
    const timer = this.timers.after(this.burstMs, () => {
      const failures = this.open.get(failure.domain)?.failures ?? [];
      this.open.delete(failure.domain);
      this.onBurst(failure.domain, failures);
    });
    this.open.set(failure.domain, { failures: [failure], timer });
  }

  /** Drops the bursts not yet handed over (their page or app is closing). */
  cancel(): void {
    for (const { timer } of this.open.values()) timer.cancel();
    this.open.clear();
  }
}

/** The title and line of a finished backup or restore: how it went, the file and who ran it. */
export function finishedSummary(
  event: Extract<AdminStreamEvent, { type: 'backup.finished' | 'restore.finished' }>,
  wording: AdminEventWording = ENGLISH_EVENT_WORDING,
): { title: string; body: string } {
  const { data } = event;
  const byWhom = (what: string) => (data.by ? wording.by(what, data.by.name) : what);
  const backup = event.type === 'backup.finished';
  if (data.outcome === 'failed') {
    return { title: backup ? wording.backupFailed : wording.restoreFailed, body: `${byWhom(data.fileName)}: ${data.message ?? wording.noReason}` };
  }
  return backup
    ? { title: wording.backupFinished, body: byWhom(`${data.fileName} (${formatMegabytes(data.sizeBytes)})`) }
    : { title: wording.restoreFinished, body: byWhom(wording.restoredFrom(data.fileName)) };
}

function formatMegabytes(bytes: number): string {
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}
