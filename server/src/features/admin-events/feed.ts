import type { AdminStreamEvent, EventActor } from '@wishwell/shared/admin-events';
import type { EventBus, EventMeta } from '../../events';
import type { UserQueries } from '../users/queries';

export const REPLAY_BUFFER_SIZE = 500;

/**
 * The admin event stream's source: bus events turned into what operators see (who by name, the
 * link's domain), in publication order, with the latest few hundred kept for replay to clients
 * that reconnect with Last-Event-ID.
 */
export class AdminEventFeed {
  private readonly recent: AdminStreamEvent[] = [];
  private readonly listeners = new Set<(event: AdminStreamEvent) => void>();
  /** Name lookups are asynchronous; chaining them keeps events in publication order. */
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly users: UserQueries,
    events: EventBus,
    private readonly bufferSize = REPLAY_BUFFER_SIZE,
  ) {
    events.on('scrape.failed', (e, meta) =>
      this.add(meta, async () => ({
        type: 'scrape.failed',
        data: { url: e.sourceUrl, domain: domainOf(e.sourceUrl), at: e.at, requestedBy: await this.actor(e.requestedById), reason: e.reason },
      })),
    );
    for (const type of ['backup.finished', 'restore.finished'] as const) {
      events.on(type, ({ byUserId, ...e }, meta) => this.add(meta, async () => ({ type, data: { ...e, by: await this.actor(byUserId) } })));
    }
  }

  /** Events after `lastEventId` still in the buffer (ids sort by time, so this also spans restarts); none without an id. */
  since(lastEventId: string | null): AdminStreamEvent[] {
    return lastEventId ? this.recent.filter((event) => event.id > lastEventId) : [];
  }

  /** Calls `listener` with every new event; returns the unsubscribe function. */
  subscribe(listener: (event: AdminStreamEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private add(meta: EventMeta, build: () => Promise<Omit<AdminStreamEvent, 'id'>>): void {
    this.queue = this.queue.then(async () => {
      try {
        const event = { id: meta.id, ...(await build()) } as AdminStreamEvent;
        this.recent.push(event);
        if (this.recent.length > this.bufferSize) this.recent.shift();
        for (const listener of this.listeners) listener(event);
      } catch (error) {
        console.error('admin event could not be prepared:', error);
      }
    });
  }

  private async actor(userId: string | null): Promise<EventActor | null> {
    if (!userId) return null;
    const user = await this.users.byId(userId);
    return user ? { _id: user.id, name: user.name } : null;
  }
}

/** The link's host name as Scrape Logs shows it; the text itself when it is not a link. */
function domainOf(url: string): string {
  try {
    return new URL(url).hostname || url.slice(0, 100);
  } catch {
    return url.slice(0, 100);
  }
}
