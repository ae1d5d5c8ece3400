import type { OperationNotice } from '@wishwell/shared/admin-events';
import type { ChangeFeed } from './db/change-feed';
import { newTimeOrderedId } from './ids';

/**
 * The event bus: features publish what happened, others (the admin event stream, the desktop
 * app's notifications) subscribe. Listeners run synchronously and a failing listener never
 * breaks the publisher. Over the store's change feed, events published on one replica reach
 * the listeners on every replica (PostgreSQL NOTIFY; payloads stay well under its 8 kB). Every
 * event gets its id where it is published (time-ordered, unique across processes), so it has
 * the same id on every replica.
 */
export interface AppEvents {
  'scrape.failed': ScrapeFailedEvent;
  /** A backup file was written completely, or failed (published by the backup service). */
  'backup.finished': BackupFinishedEvent;
  /** A restore was swapped in and the app serves the restored data; or it was refused or failed. */
  'restore.finished': RestoreFinishedEvent;
}

export interface ScrapeFailedEvent {
  at: string;
  sourceUrl: string;
  reason: string;
  requestedById: string | null;
  ipAddress: string;
}

/**
 * How a backup or restore ended: the admin stream's notice, with the acting user's id where the
 * notice carries their name (the feed looks the name up when it publishes).
 */
export type OperationOutcome = Omit<OperationNotice, 'by'> & { byUserId: string | null };

export type BackupFinishedEvent = OperationOutcome;
export type RestoreFinishedEvent = OperationOutcome;

/** What every listener gets beside the payload. */
export interface EventMeta {
  /** Assigned once by publish(); sorts by publication time. */
  id: string;
}

type Listener<T> = (payload: T, meta: EventMeta) => void;

/** The feed channel events travel on between replicas. */
const EVENTS_CHANNEL = 'wishwell_events';

interface EventMessage {
  origin: string;
  type: keyof AppEvents;
  payload: unknown;
  meta: EventMeta;
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
      if (message.origin !== this.origin) this.deliver(message.type, message.payload as never, message.meta);
    });
  }

  /** Subscribes; returns the unsubscribe function. */
  on<K extends keyof AppEvents>(type: K, listener: Listener<AppEvents[K]>): () => void {
    const set = this.listeners.get(type) ?? new Set();
    set.add(listener as Listener<never>);
    this.listeners.set(type, set);
    return () => set.delete(listener as Listener<never>);
  }

  /** Publishes a new event here and to the other replicas; returns the id it was given. */
  publish<K extends keyof AppEvents>(type: K, payload: AppEvents[K]): string {
    const meta: EventMeta = { id: newTimeOrderedId() };
    this.deliver(type, payload, meta);
    const message: EventMessage = { origin: this.origin, type, payload, meta };
    this.feed?.publish(EVENTS_CHANNEL, JSON.stringify(message)).catch((error: unknown) => console.error(`could not send ${type} to the other replicas:`, error));
    return meta.id;
  }

  private deliver<K extends keyof AppEvents>(type: K, payload: AppEvents[K], meta: EventMeta): void {
    for (const listener of this.listeners.get(type) ?? []) {
      try {
        (listener as Listener<AppEvents[K]>)(payload, meta);
      } catch (error) {
        console.error(`event listener for ${type} failed:`, error);
      }
    }
  }
}
