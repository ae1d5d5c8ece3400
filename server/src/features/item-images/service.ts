import { and, eq, isNull, like } from 'drizzle-orm';
import type { DataStore } from '../../db/store';
import { logEvent } from '../../log';
import type { Scheduler } from '../../scheduler';
import type { UrlPolicy } from '../scrape/url-guard';
import type { UploadService } from '../uploads/service';
import type { ImageCopies, ImageCopyColumns, ListOfItem } from '../wishlists/items-service';
import { fetchImage } from './fetch-image';

const MINUTE = 60_000;
const isShopAddress = (url: string) => /^https?:\/\//i.test(url);

export interface ItemImageOptions {
  /** Where image links may point (the scraper's SSRF policy). */
  policy: UrlPolicy;
  /** Images the background job copies per minute (IMAGE_COPY_PER_MINUTE). */
  copiesPerMinute: number;
}

/**
 * Items' pictures kept on our side: a shop's image is fetched once (SSRF-safe, capped, judged by
 * its bytes) and stored as an upload of the list's owner (counted in their quota, or the guest list's), so share
 * pages show `/uploads/…` from our origin and a shop that moves or blocks the image breaks
 * nothing. The item keeps the shop's URL, shown when no copy could be made.
 */
export class ItemImages implements ImageCopies {
  constructor(
    private readonly store: DataStore,
    private readonly uploads: UploadService,
    private readonly options: ItemImageOptions,
  ) {}

  /**
   * The copy of an item's image: `/uploads/…`, or '' when it is not a shop's image or could not
   * be copied (the item shows its URL then). Either way the item is checked: the background job
   * does not try it again.
   */
  async copy(imageUrl: string, list: ListOfItem): Promise<ImageCopyColumns> {
    const imageCheckedAt = new Date();
    if (!isShopAddress(imageUrl)) return { storedImageUrl: '', imageCheckedAt };
    try {
      const image = await fetchImage(imageUrl, this.options.policy);
      return { storedImageUrl: (await this.uploads.keep(image.bytes, image.type, { userId: list.ownerId, guestListId: list.id })).url, imageCheckedAt };
    } catch (error) {
      logEvent({ event: 'item_image.not_copied', level: 'warn', imageUrl, ownerId: list.ownerId, wishlistId: list.id, reason: error instanceof Error ? error.message : String(error) });
      return { storedImageUrl: '', imageCheckedAt };
    }
  }

  /** Removes a copy once no item or list uses it any more (an item deleted, its image changed). */
  async release(storedImageUrl: string): Promise<void> {
    if (storedImageUrl) await this.uploads.removeIfUnused(storedImageUrl);
  }

  /**
   * Copies the images of items saved before copies existed, `limit` at a time, pausing between
   * fetches; answers how many it tried. Progress is kept in the rows (imageCheckedAt), so a
   * restart or another replica carries on where this one stopped.
   */
  async migrate(limit: number, pauseMs: number, changed: (listId: string) => void): Promise<number> {
    const { db, tables: { items, wishlists } } = this.store;
    const pending = await db
      .select({ id: items.id, listId: items.wishlistId, imageUrl: items.imageUrl, ownerId: wishlists.ownerId })
      .from(items)
      .innerJoin(wishlists, eq(wishlists.id, items.wishlistId))
      .where(and(isNull(items.imageCheckedAt), like(items.imageUrl, 'http%')))
      .limit(limit);
    for (const [index, item] of pending.entries()) {
      if (index > 0) await Bun.sleep(pauseMs);
      const { storedImageUrl } = await this.copy(item.imageUrl, { id: item.listId, ownerId: item.ownerId });
      const updated = await db
        .update(items)
        .set({ storedImageUrl, imageCheckedAt: new Date() })
        .where(and(eq(items.id, item.id), eq(items.imageUrl, item.imageUrl), isNull(items.imageCheckedAt)))
        .returning({ id: items.id });
      if (updated.length === 0) await this.release(storedImageUrl); // changed meanwhile: its new image has its own copy
      else if (storedImageUrl) changed(item.listId);
    }
    if (pending.length > 0) logEvent({ event: 'item_images.migrated', tried: pending.length });
    return pending.length;
  }

  /** The background copy of older items' images: every minute on one replica, IMAGE_COPY_PER_MINUTE fetches spread over it. */
  scheduleMigration(scheduler: Scheduler, changed: (listId: string) => void): void {
    const perMinute = this.options.copiesPerMinute;
    // Half a minute of work per turn, so a turn ends before the next one starts.
    const batch = Math.max(1, Math.floor(perMinute / 2));
    scheduler.every('item-images.migrate', MINUTE, async () => void (await this.migrate(batch, MINUTE / perMinute, changed)), 2_000);
  }
}
