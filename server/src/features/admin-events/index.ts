import { onCredentialChange } from '../../auth/credential-changes';
import type { DataStore } from '../../db/store';
import type { EventBus } from '../../events';
import { EventStreamHub } from './event-stream-hub';
import { UserQueries } from '../users/queries';
import { AdminEventFeed } from './feed';
import { adminCredentialCheck } from './stream-credentials';

/** Open admin event streams allowed at once; each is one held connection. */
const MAX_STREAMS = 1000;

/** The admin event stream: the feed over the event bus and the hub of open streams. */
export function createAdminEvents(store: DataStore, events: EventBus, keepAliveSeconds: number) {
  const feed = new AdminEventFeed(new UserQueries(store), events);
  const hub = new EventStreamHub(feed, adminCredentialCheck(store), { keepAliveMs: keepAliveSeconds * 1000, maxStreams: MAX_STREAMS });
  /** Starts hearing changes of credentials, from this process and the others. */
  const listen = () => onCredentialChange(store.changes, (userId) => hub.credentialsChanged(userId));
  return { feed, hub, listen };
}

export type AdminEvents = ReturnType<typeof createAdminEvents>;
