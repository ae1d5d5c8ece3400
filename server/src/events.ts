import type { ChangeFeed } from './db/change-feed';

/**
 * The event bus: features publish what happened, others (the admin event stream, the desktop
 * app's notifications) subscribe. Listeners run synchronously and a failing listener never
 * breaks the publisher. Over the store's change feed, events published on one replica reach
 * the listeners on every replica (PostgreSQL NOTIFY; payloads stay well under its 8 kB).
 */
export interface AppEvents {
  'scrape.failed': ScrapeFailedEvent;
}

export interface ScrapeFailedEvent {
  at: string;
  sourceUrl: string;
  reason: string;
  requestedById: string | null;
  ipAddress: string;
}

type Listener<T> = (payload: T) => void;

/** The feed channel events travel on between replicas. */
const EVENTS_CHANNEL = 'wishwell_events';

interface EventMessage {
  origin: string;
  type: keyof AppEvents;
  payload: unknown;
}

export class EventBus {
  private readonly listeners = new Map<keyof AppEvents, Set<Listener<never>>>();
  /** Tells this bus's own messages apart when the feed hands them back. */
  private readonly origin = crypto.randomUUID();

  /** With a feed, events published on any replica reach the listeners of every replica. */
  constructor(private readonly feed?: ChangeFeed) {}

  /** Starts hearing the other replicas' events. */
  async listen(): Promise<void> {
    await this.feed?.subscribe(EVENTS_CHANNEL, (raw) => {
      const message = JSON.parse(raw) as EventMessage;
      if (message.origin !== this.origin) this.deliver(message.type, message.payload as never);
    });
  }

  /** Subscribes; returns the unsubscribe function. */
  on<K extends keyof AppEvents>(type: K, listener: Listener<AppEvents[K]>): () => void {
    const set = this.listeners.get(type) ?? new Set();
    set.add(listener as Listener<never>);
    this.listeners.set(type, set);
    return () => set.delete(listener as Listener<never>);
  }

  publish<K extends keyof AppEvents>(type: K, payload: AppEvents[K]): void {
    this.deliver(type, payload);
    const message: EventMessage = { origin: this.origin, type, payload };
    this.feed?.publish(EVENTS_CHANNEL, JSON.stringify(message)).catch((error: unknown) => console.error(`could not send ${type} to the other replicas:`, error));
  }

  private deliver<K extends keyof AppEvents>(type: K, payload: AppEvents[K]): void {
    for (const listener of this.listeners.get(type) ?? []) {
      try {
        (listener as Listener<AppEvents[K]>)(payload);
      } catch (error) {
        console.error(`event listener for ${type} failed:`, error);
      }
    }
  }
}
