import { and, eq, lt, sql } from 'drizzle-orm';
import type { DataStore } from '../../db/store';

/** An upload's record as the clean-up needs it. */
export interface UploadRecord {
  id: string;
  fileName: string;
}

/** A new upload's record: its file, and whose storage it counts in. */
export interface NewUpload {
  id: string;
  fileName: string;
  contentType: string;
  sizeBytes: number;
  uploadedById: string | null;
  guestListId: string | null;
  createdAt: Date;
}

/** Every read and write of upload records and their owners' usage; storage, quotas' rules and limits are the service's. */
export class UploadQueries {
  constructor(private readonly store: DataStore) {}

  /**
   * Records an upload in one transaction that first takes its owner's upload_usage row with a
   * conditional upsert: uploads of one owner queue on that row, each seeing the bytes of those
   * before it (the triggers on uploads add them), so concurrent ones cannot pass the quota
   * together. Answers whether the upload fitted in `quota` (nothing is recorded when not).
   */
  recordWithin(ownerKey: string, quota: number, upload: NewUpload): Promise<boolean> {
    const { uploadUsage, uploads } = this.store.tables;
    return this.store.transaction(async (tx) => {
      const [room] = await tx
        .insert(uploadUsage)
        .values({ ownerKey, usedBytes: 0 })
        .onConflictDoUpdate({ target: uploadUsage.ownerKey, set: { usedBytes: sql`${uploadUsage.usedBytes}` }, setWhere: sql`${uploadUsage.usedBytes} + ${upload.sizeBytes} <= ${quota}` })
        .returning({ usedBytes: uploadUsage.usedBytes });
      if (!room) return false;
      await tx.insert(uploads).values(upload);
      return true;
    });
  }

  async usedBytes(ownerKey: string): Promise<number> {
    const { uploadUsage } = this.store.tables;
    return (await this.store.db.select({ usedBytes: uploadUsage.usedBytes }).from(uploadUsage).where(eq(uploadUsage.ownerKey, ownerKey)))[0]?.usedBytes ?? 0;
  }

  async delete(id: string): Promise<void> {
    const { uploads } = this.store.tables;
    await this.store.db.delete(uploads).where(eq(uploads.id, id));
  }

  async isKnown(fileName: string): Promise<boolean> {
    const { uploads } = this.store.tables;
    return (await this.store.db.select({ id: uploads.id }).from(uploads).where(eq(uploads.fileName, fileName)).limit(1)).length > 0;
  }

  /** The upload of that file name when no list or item refers to it. */
  async unreferencedByName(fileName: string): Promise<UploadRecord | undefined> {
    const { uploads } = this.store.tables;
    return (await this.store.db.select({ id: uploads.id, fileName: uploads.fileName }).from(uploads).where(and(eq(uploads.fileName, fileName), this.unreferenced())))[0];
  }

  /** Uploads made before `before` that no list or item refers to. */
  unreferencedBefore(before: Date): Promise<UploadRecord[]> {
    const { uploads } = this.store.tables;
    return this.store.db.select({ id: uploads.id, fileName: uploads.fileName }).from(uploads).where(and(lt(uploads.createdAt, before), this.unreferenced()));
  }

  /** Uploads no list cover, item picture or item's copy of a shop image refers to. */
  private unreferenced() {
    const { uploads, wishlists, items } = this.store.tables;
    const path = sql`'/uploads/' || ${uploads.fileName}`;
    return and(
      sql`NOT EXISTS (SELECT 1 FROM ${wishlists} WHERE ${wishlists.coverImage} LIKE '%' || ${path})`,
      sql`NOT EXISTS (SELECT 1 FROM ${items} WHERE ${items.imageUrl} LIKE '%' || ${path} OR ${items.storedImageUrl} = ${path})`,
    );
  }
}
