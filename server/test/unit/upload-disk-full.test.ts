/**
 * A full disk (issue 8, finding 2): an upload the disk cannot take answers 507 with a message,
 * leaves no partial file and no upload record, and says so in the log; once there is room
 * again, uploads work. The disk's answer is the one thing stood in for: the data dir's storage
 * gets an `open` whose file handle writes part of the file for real and then fails the way a
 * full disk does (ENOSPC), since filling a real disk needs root (tmpfs, loop devices).
 */
import { systemClock } from '../../src/clock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count } from 'drizzle-orm';
import { openStore } from '../../src/db/open-store';
import type { DataStore } from '../../src/db/store';
import { DomainError } from '../../src/domain/errors';
import { statusOf } from '../../src/http/domain-answers';
import { newId } from '../../src/ids';
import { setLogWriter } from '../../src/log';
import { UploadService } from '../../src/features/uploads/service';
import { LocalFileStorage } from '../../src/storage/local-storage';

const dataDir = mkdtempSync(join(tmpdir(), 'wishwell-disk-full-'));
const folder = join(dataDir, 'uploads');
const logLines: string[] = [];
let store: DataStore;
let userId: string;

/** The disk: while `full`, every file handle takes 4 KB and then answers ENOSPC. */
const disk = { full: true };
const openOnDisk = (async (path: string, flags: string, mode?: number) => {
  const handle = await open(path, flags, mode);
  const write = handle.write.bind(handle) as (data: Uint8Array) => Promise<unknown>;
  let written = 0;
  const fillingWrite = async (data: Uint8Array) => {
    if (!disk.full || written + data.length <= 4096) {
      written += data.length;
      return write(data);
    }
    await write(data.subarray(0, 4096 - written));
    written = 4096;
    throw Object.assign(new Error(`ENOSPC: no space left on device, write`), { code: 'ENOSPC', errno: -28, syscall: 'write' });
  };
  return Object.assign(handle, { write: fillingWrite });
}) as typeof open;

beforeAll(async () => {
  setLogWriter((line) => logLines.push(line));
  store = await openStore({ dataDir, databaseUrl: null });
  userId = newId();
  const now = new Date();
  await store.db.insert(store.tables.users).values({ id: userId, name: 'Uploader', email: 'uploader@example.com', passwordHash: 'x', createdAt: now, updatedAt: now });
});
afterAll(async () => {
  await store?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

function png(size: number): File {
  const bytes = new Uint8Array(size);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return new File([bytes], 'cover.png', { type: 'image/png' });
}

describe('an upload on a full disk', () => {
  it('answers 507 with a message, keeps no partial file or record, logs it, and works again once there is room', async () => {
    const uploads = new UploadService(store, new LocalFileStorage(folder, { open: openOnDisk }), systemClock, {
      perIp: 100,
      perUploader: 100,
      quotaBytes: 10 * 1024 * 1024,
      guestListQuotaBytes: 10 * 1024 * 1024,
      graceMs: 60_000,
    });
    const uploader = { userId, guestListId: null, ip: '127.0.0.1' };
    const rows = async () => (await store.db.select({ n: count() }).from(store.tables.uploads))[0]!.n;

    const refusal = await uploads.store(png(64 * 1024), uploader).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(DomainError);
    expect(statusOf(refusal as DomainError)).toBe(507);
    expect((refusal as DomainError).message).toBe('The server has run out of storage space. Nothing was saved; please tell the site operator.');
    expect(readdirSync(folder)).toEqual([]); // not even the hidden partial file
    expect(await rows()).toBe(0);
    const logged = logLines.map((line) => JSON.parse(line) as Record<string, unknown>).find((line) => line.event === 'storage.full');
    expect(logged).toMatchObject({ level: 'error', location: folder, operation: 'write' });

    disk.full = false;
    const stored = await uploads.store(png(64 * 1024), uploader);
    expect(readdirSync(folder)).toEqual([stored.url.split('/').pop()]);
    expect(await rows()).toBe(1);
  });
});
