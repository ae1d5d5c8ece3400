import type { ChangeFeed } from './change-feed';

/**
 * Keeps an in-memory cache right on every process sharing the store: invalidate() drops the key
 * here at once and tells the others (ChangeFeed), whose listen() drops it there.
 */
export class CrossProcessInvalidation {
  /**
   * Bumped on every invalidation, from here or elsewhere. A value read from the database before
   * a bump may be stale: compare the generation seen before reading with the one after.
   */
  generation = 0;

  constructor(
    private readonly feed: ChangeFeed,
    private readonly channel: string,
    private readonly drop: (key: string) => void,
  ) {}

  /** Starts hearing the other processes' invalidations. */
  async listen(): Promise<void> {
    await this.feed.subscribe(this.channel, (key) => this.invalidateHere(key));
  }

  invalidate(key: string): void {
    this.invalidateHere(key);
    this.feed.publish(this.channel, key).catch((error: unknown) => console.error(`could not announce a change on ${this.channel}:`, error));
  }

  /** Drops the key in this process only: the write that changed it told the others itself (ListWrites.announcing, features/wishlists/list-writes.ts). */
  invalidateHere(key: string): void {
    this.generation += 1;
    this.drop(key);
  }
}
