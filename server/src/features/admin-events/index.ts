import type { DataStore } from '../../db/store';
import type { EventBus } from '../../events';
import { EventStreamHub } from './event-stream-hub';
import { AdminEventFeed } from './feed';

/** Open admin event streams allowed at once; each is one held connection. */
const MAX_STREAMS = 1000;

/** The admin event stream: the feed over the event bus and the hub of open streams. */
export function createAdminEvents(store: DataStore, events: EventBus, keepAliveSeconds: number) {
  const feed = new AdminEventFeed(store, events);
  const hub = new EventStreamHub(feed, { keepAliveMs: keepAliveSeconds * 1000, maxStreams: MAX_STREAMS });
  return { feed, hub };
}

export type AdminEvents = ReturnType<typeof createAdminEvents>;
