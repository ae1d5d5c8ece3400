import type { SQL } from 'bun';

export type ChangeListener = (payload: string) => void;

/**
 * Tells every process sharing the database that something changed (a list, a config, an
 * event), so in-memory caches and subscribers stay right across replicas. On SQLite there is
 * one process: the feed is in memory. On PostgreSQL it is LISTEN/NOTIFY.
 */
export interface ChangeFeed {
  /** Every subscriber of the channel gets the payload, in this process and in the others. */
  publish(channel: string, payload: string): Promise<void>;
  /** Resolves once listening; answers the unsubscribe function. */
  subscribe(channel: string, listener: ChangeListener): Promise<() => Promise<void>>;
}

export class LocalChangeFeed implements ChangeFeed {
  private readonly listeners = new Map<string, Set<ChangeListener>>();

  async publish(channel: string, payload: string): Promise<void> {
    for (const listener of this.listeners.get(channel) ?? []) deliver(listener, channel, payload);
  }

  async subscribe(channel: string, listener: ChangeListener): Promise<() => Promise<void>> {
    const set = this.listeners.get(channel) ?? new Set();
    set.add(listener);
    this.listeners.set(channel, set);
    return async () => void set.delete(listener);
  }
}

/** NOTIFY goes through the pool; LISTEN holds one dedicated connection (Bun's SQL client opens it). */
export function postgresChangeFeed(client: SQL): ChangeFeed {
  return {
    publish: async (channel, payload) => void (await client.notify(channel, payload)),
    async subscribe(channel, listener) {
      const subscription = await client.listen(channel, (payload) => deliver(listener, channel, payload));
      return () => subscription.unlisten();
    },
  };
}

function deliver(listener: ChangeListener, channel: string, payload: string): void {
  try {
    listener(payload);
  } catch (error) {
    console.error(`change listener on ${channel} failed:`, error);
  }
}
