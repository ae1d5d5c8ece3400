/**
 * An in-process event bus: features publish what happened, others (the desktop app's
 * notifications, later) subscribe. Listeners run synchronously and a failing listener never
 * breaks the publisher.
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

export class EventBus {
  private readonly listeners = new Map<keyof AppEvents, Set<Listener<never>>>();

  /** Subscribes; returns the unsubscribe function. */
  on<K extends keyof AppEvents>(type: K, listener: Listener<AppEvents[K]>): () => void {
    const set = this.listeners.get(type) ?? new Set();
    set.add(listener as Listener<never>);
    this.listeners.set(type, set);
    return () => set.delete(listener as Listener<never>);
  }

  publish<K extends keyof AppEvents>(type: K, payload: AppEvents[K]): void {
    for (const listener of this.listeners.get(type) ?? []) {
      try {
        (listener as Listener<AppEvents[K]>)(payload);
      } catch (error) {
        console.error(`event listener for ${type} failed:`, error);
      }
    }
  }
}
