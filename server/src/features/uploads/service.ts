import { dateOf, type Clock } from '../../clock';
import { IMAGE_UPLOAD_LIMIT_BYTES } from '@wishwell/shared/constants';
import type { UploadedImage } from '@wishwell/shared/wishlist-types';
import type { DataStore } from '../../db/store';
import type { Scheduler } from '../../scheduler';
import { storageFull, tooLarge, unavailable, unprocessable } from '../../domain/errors';
import { RateLimiter } from '../../limits/rate-limit';
import { newId } from '../../ids';
import { logEvent } from '../../log';
import { FileTooLarge, StorageFailed, type FileStorage } from '../../storage/file-storage';
import { UploadQueries, type UploadRecord } from './queries';
import { sniffImage, storedImageType, type SniffedImage } from './sniff';

const HOUR = 60 * 60_000;

/** Upload bounds (UPLOAD_* and RATE_LIMIT_UPLOAD_* settings). */
export interface UploadLimits {
  /** Uploads per client IP per hour. */
  perIp: number;
  /** Uploads per account (or guest list) per hour. */
  perUploader: number;
  /** Bytes of images one account may keep. */
  quotaBytes: number;
  /** Bytes of images one guest list may keep (until an account claims it). */
  guestListQuotaBytes: number;
  /** Unreferenced uploads older than this are removed. */
  graceMs: number;
}

/** Whose storage an image counts in: an account's, or (no account yet) a guest list's. */
export interface UploadOwner {
  userId: string | null;
  guestListId: string | null;
}

/** Who uploads: an account, or a guest holding a list's capability, and from where. */
export interface Uploader extends UploadOwner {
  ip: string;
}


/**
 * Cover images: checked by content, stored under random names in the file storage (the data
 * dir's uploads folder or a bucket), bounded per IP, per uploader and per account; images no
 * list or item refers to are removed after a grace period.
 */
export class UploadService {
  private readonly perIp: RateLimiter;
  private readonly perUploader: RateLimiter;
  private readonly queries: UploadQueries;

  constructor(
    dataStore: DataStore,
    private readonly files: FileStorage,
    private readonly clock: Clock,
    private readonly limits: UploadLimits,
  ) {
    const text = 'tooManyUploads';
    this.perIp = new RateLimiter({ limit: limits.perIp, windowMs: HOUR, text }, clock);
    this.perUploader = new RateLimiter({ limit: limits.perUploader, windowMs: HOUR, text }, clock);
    this.queries = new UploadQueries(dataStore);
  }

  async store(image: File, uploader: Uploader): Promise<UploadedImage> {
    if (image.size > IMAGE_UPLOAD_LIMIT_BYTES) throw tooLarge('imageTooLarge');
    await this.perIp.hit(uploader.ip);
    await this.perUploader.hit(ownerKeyOf(uploader));
    const bytes = new Uint8Array(await image.arrayBuffer());
    const type = sniffImage(bytes);
    if (!type) throw unprocessable('imageType');
    return this.keep(bytes, type, uploader);
  }

  /** Removes an upload at once when no list cover or item picture refers to it any more. */
  async removeIfUnused(url: string): Promise<void> {
    const fileName = url.match(/^\/uploads\/([^/]+)$/)?.[1];
    if (!fileName) return;
    const unused = await this.queries.unreferencedByName(fileName);
    if (unused) await this.remove(unused);
  }

  /**
   * Keeps an image (uploaded, or fetched for an account or a guest list): records it within its
   * owner's quota, then stores the file; a file that cannot be stored gives its room back.
   */
  async keep(bytes: Uint8Array, type: SniffedImage, owner: UploadOwner): Promise<UploadedImage> {
    const fileName = `${newId()}.${type.extension}`;
    const id = await this.reserve(owner, { fileName, contentType: type.contentType, sizeBytes: bytes.length });
    try {
      await this.writeFile(fileName, bytes, type.contentType);
    } catch (error) {
      await this.queries.delete(id); // (should this fail too, the clean-up removes the row after the grace period)
      throw error;
    }
    return { url: `/uploads/${fileName}` };
  }

  /**
   * Records an upload (answers its id) within its owner's quota, checked and taken in one
   * transaction (`UploadQueries.recordWithin`). An account keeps UPLOAD_QUOTA_MB of images, a
   * guest list (no account yet) UPLOAD_QUOTA_GUEST_LIST_MB; past it, 413.
   */
  private async reserve(owner: UploadOwner, file: { fileName: string; contentType: string; sizeBytes: number }): Promise<string> {
    const account = owner.userId !== null;
    const ownerKey = ownerKeyOf(owner);
    const quota = account ? this.limits.quotaBytes : this.limits.guestListQuotaBytes;
    const id = newId();
    const recorded =
      file.sizeBytes <= quota &&
      (await this.queries.recordWithin(ownerKey, quota, { id, ...file, uploadedById: owner.userId, guestListId: account ? null : owner.guestListId, createdAt: dateOf(this.clock) }));
    if (!recorded) await this.refuse(owner, ownerKey, quota);
    return id;
  }

  private async refuse(owner: UploadOwner, ownerKey: string, quota: number): Promise<never> {
    const usedBytes = await this.queries.usedBytes(ownerKey);
    logEvent({ event: 'upload.refused', level: 'warn', userId: owner.userId, wishlistId: owner.guestListId, reason: 'storage quota', usedBytes });
    const megabytes = Math.round(quota / (1024 * 1024));
    throw tooLarge(owner.userId !== null ? 'accountQuotaUsed' : 'guestListQuotaUsed', { megabytes });
  }

  /** The stored image as a response, or null when no such file exists. */
  async serve(fileName: string): Promise<Response | null> {
    const contentType = storedImageType(fileName);
    if (!contentType) return null;
    const file = await this.files.get(fileName).catch((error: unknown) => {
      if (!(error instanceof StorageFailed)) throw error;
      logEvent({ event: 'storage.failed', level: 'error', location: error.location, operation: 'read', error: error.cause });
      throw unavailable('imagesUnreadable');
    });
    if (!file) return null;
    return new Response(file.body, {
      headers: {
        'content-type': contentType,
        'content-length': String(file.size),
        'x-content-type-options': 'nosniff',
        'cache-control': 'public, max-age=31536000, immutable',
        'content-security-policy': "default-src 'none'",
      },
    });
  }

  /**
   * Removes uploads older than the grace period that no list cover or item picture refers to,
   * stored files of that age with no upload record (left by an interrupted upload), and the
   * storage's temporary files of puts that stopped over an hour ago (a crash); answers how many.
   */
  async removeUnreferenced(now = this.clock.now()): Promise<number> {
    const unused = await this.removeUnusedUploads(now);
    const strays = await this.removeStrayFiles(now);
    const abandoned = await this.files.removeAbandoned(new Date(now - HOUR));
    if (unused + strays > 0) logEvent({ event: 'uploads.removed', count: unused + strays, reason: 'no list or item refers to them' });
    if (abandoned > 0) logEvent({ event: 'uploads.removed', count: abandoned, reason: 'temporary files of interrupted uploads' });
    return unused + strays + abandoned;
  }

  private async removeUnusedUploads(now: number): Promise<number> {
    const stale = await this.queries.unreferencedBefore(new Date(now - this.limits.graceMs));
    for (const upload of stale) await this.remove(upload);
    return stale.length;
  }

  private async remove(upload: UploadRecord): Promise<void> {
    await this.files.delete(upload.fileName);
    await this.queries.delete(upload.id);
  }

  private async removeStrayFiles(now: number): Promise<number> {
    let removed = 0;
    for await (const file of this.files.list()) {
      if (file.lastModified.getTime() >= now - this.limits.graceMs) continue;
      if (await this.queries.isKnown(file.key)) continue;
      await this.files.delete(file.key);
      removed++;
    }
    return removed;
  }

  /** Registers the removal of unreferenced images: shortly after start, then hourly (one replica at a time). */
  scheduleCleanup(scheduler: Scheduler): void {
    scheduler.every('uploads.cleanup', HOUR, async () => void (await this.removeUnreferenced()), 1000);
  }

  /** Stores the whole file or nothing; a storage that cannot take it answers 507 (and says so in the log). */
  private async writeFile(fileName: string, bytes: Uint8Array, contentType: string): Promise<void> {
    try {
      await this.files.put(fileName, bytes, { contentType, maxBytes: IMAGE_UPLOAD_LIMIT_BYTES });
    } catch (error) {
      if (error instanceof FileTooLarge) throw tooLarge('imageTooLarge');
      if (!(error instanceof StorageFailed)) throw error;
      logEvent({ event: error.reason === 'full' ? 'storage.full' : 'storage.failed', level: 'error', location: error.location, operation: 'write', bytes: bytes.length, error: error.cause });
      throw storageFull(error.reason === 'full' ? 'diskFull' : 'imageStorageDown');
    }
  }
}

/** An owner's key in upload_usage and in the per-uploader limit (the usage triggers in migration 0020 spell it the same way). */
const ownerKeyOf = (owner: UploadOwner) => (owner.userId !== null ? `user:${owner.userId}` : `list:${owner.guestListId}`);
