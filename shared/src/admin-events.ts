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

/** The Scrape Logs page filtered to one domain (where a failure notification leads). */
export function scrapeLogsPathFor(domain: string): string {
  return `/admin/scrape-logs?domain=${encodeURIComponent(domain)}`;
}

/** 'Scrape failed on example.com', or '5 scrapes failed on example.com' for a burst. */
export function scrapeFailuresTitle(domain: string, count: number): string {
  return count === 1 ? `Scrape failed on ${domain}` : `${count} scrapes failed on ${domain}`;
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
