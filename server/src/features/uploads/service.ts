import { mkdirSync } from 'node:fs';
import { unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { and, eq, lt, sql, sum } from 'drizzle-orm';
import { IMAGE_UPLOAD_LIMIT_BYTES } from '@wishwell/shared/constants';
import type { UploadedImage } from '@wishwell/shared/wishlist-types';
import type { DataStore } from '../../db/store';
import type { Scheduler } from '../../scheduler';
import { IMAGE_TOO_LARGE_MESSAGE } from '../../http/body-limits';
import { insufficientStorage, isDiskFull } from '../../http/body-reader';
import { payloadTooLarge, unprocessable } from '../../http/errors';
import { RateLimiter } from '../../http/rate-limit';
import { newId } from '../../ids';
import { logEvent } from '../../log';
import { sniffImage, storedImageType } from './sniff';

const HOUR = 60 * 60_000;

/** Upload bounds (UPLOAD_* and RATE_LIMIT_UPLOAD_* settings). */
export interface UploadLimits {
  /** Uploads per client IP per hour. */
  perIp: number;
  /** Uploads per account (or guest list) per hour. */
  perUploader: number;
  /** Bytes of images one account may keep. */
  quotaBytes: number;
  /** Unreferenced uploads older than this are removed. */
  graceMs: number;
}

/** Who uploads: an account, or a guest holding a list's capability, and from where. */
export interface Uploader {
  userId: string | null;
  guestListId: string | null;
  ip: string;
}

/**
 * Cover images: checked by content, stored under random names in `{dataDir}/uploads`, bounded
 * per IP, per uploader and per account; images no list or item refers to are removed after a
 * grace period.
 */
export class UploadService {
  readonly folder: string;
  private readonly perIp: RateLimiter;
  private readonly perUploader: RateLimiter;

  constructor(
    private readonly dataStore: DataStore,
    dataDir: string,
    private readonly limits: UploadLimits,
  ) {
    this.folder = join(dataDir, 'uploads');
    mkdirSync(this.folder, { recursive: true });
    const message = 'Too many images uploaded.';
    this.perIp = new RateLimiter({ limit: limits.perIp, windowMs: HOUR, message });
    this.perUploader = new RateLimiter({ limit: limits.perUploader, windowMs: HOUR, message });
  }

  async store(image: File, uploader: Uploader): Promise<UploadedImage> {
    if (image.size > IMAGE_UPLOAD_LIMIT_BYTES) throw payloadTooLarge(IMAGE_TOO_LARGE_MESSAGE);
    this.perIp.hit(uploader.ip);
    this.perUploader.hit(uploader.userId ? `user:${uploader.userId}` : `list:${uploader.guestListId}`);
    if (uploader.userId) await this.checkQuota(uploader.userId, image.size);
    const bytes = new Uint8Array(await image.arrayBuffer());
    const type = sniffImage(bytes);
    if (!type) throw unprocessable('Only JPEG, PNG, WebP or GIF images can be uploaded.');
    const fileName = `${newId()}.${type.extension}`;
    await this.writeFile(fileName, bytes);
    await this.dataStore.db
      .insert(this.dataStore.tables.uploads)
      .values({ id: newId(), fileName, contentType: type.contentType, sizeBytes: bytes.length, uploadedById: uploader.userId, createdAt: new Date() });
    return { url: `/uploads/${fileName}` };
  }

  /** The stored image as a response, or null when no such file exists. */
  async serve(fileName: string): Promise<Response | null> {
    const contentType = storedImageType(fileName);
    if (!contentType) return null;
    const file = Bun.file(join(this.folder, fileName));
    if (!(await file.exists())) return null;
    return new Response(file, {
      headers: {
        'content-type': contentType,
        'x-content-type-options': 'nosniff',
        'cache-control': 'public, max-age=31536000, immutable',
        'content-security-policy': "default-src 'none'",
      },
    });
  }

  /** Removes uploads older than the grace period that no list cover or item picture refers to; answers how many. */
  async removeUnreferenced(now = Date.now()): Promise<number> {
    const { db, tables: { uploads, wishlists, items } } = this.dataStore;
    const path = sql`'/uploads/' || ${uploads.fileName}`;
    const stale = await db
      .select({ id: uploads.id, fileName: uploads.fileName })
      .from(uploads)
      .where(
        and(
          lt(uploads.createdAt, new Date(now - this.limits.graceMs)),
          sql`NOT EXISTS (SELECT 1 FROM ${wishlists} WHERE ${wishlists.coverImage} LIKE '%' || ${path})`,
          sql`NOT EXISTS (SELECT 1 FROM ${items} WHERE ${items.imageUrl} LIKE '%' || ${path})`,
        ),
      );
    for (const upload of stale) {
      await unlink(join(this.folder, upload.fileName)).catch(() => undefined);
      await db.delete(uploads).where(eq(uploads.id, upload.id));
    }
    if (stale.length > 0) logEvent({ event: 'uploads.removed', count: stale.length, reason: 'no list or item refers to them' });
    return stale.length;
  }

  /** Registers the removal of unreferenced images: shortly after start, then hourly (one replica at a time). */
  scheduleCleanup(scheduler: Scheduler): void {
    scheduler.every('uploads.cleanup', HOUR, async () => void (await this.removeUnreferenced()), 1000);
  }

  private async checkQuota(userId: string, incoming: number): Promise<void> {
    const { db, tables: { uploads } } = this.dataStore;
    const [row] = await db.select({ used: sum(uploads.sizeBytes) }).from(uploads).where(eq(uploads.uploadedById, userId));
    const used = Number(row?.used ?? 0);
    if (used + incoming <= this.limits.quotaBytes) return;
    logEvent({ event: 'upload.refused', level: 'warn', userId, reason: 'storage quota', usedBytes: used });
    const megabytes = Math.round(this.limits.quotaBytes / (1024 * 1024));
    throw payloadTooLarge(`You have used your ${megabytes} MB of image storage. Remove covers you no longer use, or ask the site operator for more.`);
  }

  /** Writes the whole file or nothing: a failed write (a full disk) leaves no partial file behind. */
  private async writeFile(fileName: string, bytes: Uint8Array): Promise<void> {
    const path = join(this.folder, fileName);
    try {
      await Bun.write(path, bytes);
    } catch (error) {
      await unlink(path).catch(() => undefined);
      if (!isDiskFull(error)) throw error;
      logEvent({ event: 'storage.full', level: 'error', folder: this.folder, bytes: bytes.length });
      throw insufficientStorage();
    }
  }
}
