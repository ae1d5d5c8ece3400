import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openSqliteStore } from '../../src/db/sqlite-store';
import { withSqliteSnapshotDump } from '../../src/features/backup/sqlite-dump';
import { dumpThrough, writeBackup } from '../../src/features/backup/writer';
import { openFileStorage } from '../../src/storage/open-storage';

const dir = mkdtempSync(join(tmpdir(), 'wishwell-sqlite-dump-'));
const file = join(dir, 'wishwell.db');
const store = openSqliteStore(file);
const files = openFileStorage({ dataDir: dir, storageUrl: null });
afterAll(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

async function seed(): Promise<void> {
  const { users, wishlists, items, wishlistEditors } = store.tables;
  const at = new Date('2026-11-24T17:40:00.123Z');
  await store.db.insert(users).values([
    { id: 'u-admin', name: 'Ada "the admin"', email: 'ada@example.com', passwordHash: '!', isAdmin: true, createdAt: at, updatedAt: at },
    { id: 'u-bob', name: 'Bøb 🎁', email: 'bob@example.com', passwordHash: '!', language: 'de', createdAt: new Date(0), updatedAt: at },
  ]);
  await store.db.insert(wishlists).values([
    { id: 'l-1', name: 'Birthday', ownerId: 'u-bob', isRecurring: true, expiresAt: new Date('2027-01-01T00:00:00Z'), createdAt: at, updatedAt: at },
    { id: 'l-2', name: 'Guest list', createdAt: at, updatedAt: at },
  ]);
  await store.db.insert(items).values([
    { id: 'i-1', wishlistId: 'l-1', title: 'Teapot', notes: 'Handle with care\u2028it is old\n\\ "quoted"', price: '£19.99', quantity: 2, createdAt: at, updatedAt: at },
    { id: 'i-2', wishlistId: 'l-2', title: 'Book', isGroupGift: true, createdAt: at, updatedAt: at },
  ]);
  await store.db.insert(wishlistEditors).values([
    { wishlistId: 'l-1', userId: 'u-admin', createdAt: at },
    { wishlistId: 'l-1', userId: 'u-bob', createdAt: at },
  ]);
}

describe("a SQLite backup's tables written on the backup thread", () => {
  it('are byte for byte what the Drizzle dump of the same snapshot writes (every table, checksums and sizes in the manifest)', async () => {
    await seed();
    const source = { store, files, appVersion: 'test' };
    const throughDrizzle = await store.readSnapshot((snapshot) => writeBackup({ ...source, dumpTable: dumpThrough(snapshot) }, join(dir, 'drizzle.gz')));
    const onThread = await withSqliteSnapshotDump(file, (dumpTable) => writeBackup({ ...source, dumpTable }, join(dir, 'thread.gz')));
    expect(onThread.tables).toEqual(throughDrizzle.tables);
    expect(onThread.entries).toEqual(throughDrizzle.entries);
    expect(onThread.tables.find((table) => table.name === 'items')?.rows).toBe(2);
    expect(onThread.tables.find((table) => table.name === 'wishlist_editors')?.rows).toBe(2);
    expect(readdirSync(dir).filter((name) => name.startsWith('.snapshot-'))).toEqual([]);
  });
});
