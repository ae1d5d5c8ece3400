import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TransferProgress } from '@wishwell/shared/desktop-api';
import { saveBackup, type SaveDialog } from '../src/backup-save';
import { RestoreFiles, type OpenDialog } from '../src/restore-upload';
import { createServerFetch } from '../src/server-client';
import { FakeProgressWindow } from './support/fake-electron';
import { startStandinBackupServer } from './support/standin-backup-server';

let dir: string;
let backupBytes: Buffer;
let stopServer: (() => Promise<void>) | null = null;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'wishwell-desktop-backup-'));
  backupBytes = randomBytes(3 * 1024 * 1024 + 17);
});

afterEach(async () => {
  await stopServer?.();
  stopServer = null;
  rmSync(dir, { recursive: true, force: true });
});

async function standin(options: Parameters<typeof startStandinBackupServer>[0]) {
  const server = await startStandinBackupServer(options);
  stopServer = server.close;
  return server;
}

/** A dialog method that records the options it was called with and answers with `answer`. */
function recordingDialog<Options, Answer>(answer: Answer) {
  const asked: Options[] = [];
  return { asked, show: async (options: Options) => (asked.push(options), answer) };
}

function saveDialog(answer: { canceled: boolean; filePath?: string }) {
  const { asked, show } = recordingDialog<Parameters<SaveDialog['showSaveDialog']>[0], typeof answer>(answer);
  return { dialog: { showSaveDialog: show } satisfies SaveDialog, asked };
}

function backupDeps(origin: string, dialog: SaveDialog, window = new FakeProgressWindow()) {
  return { dialog, window, serverFetch: createServerFetch(() => origin, async () => ({})), defaultDir: dir, now: () => new Date('2026-11-23T16:05:09.123Z') };
}

describe('saving a backup through the native Save dialog', () => {
  it('offers wishlist-backup-{ISO timestamp}.gz and writes the server bytes to the chosen path, with progress', async () => {
    const server = await standin({ backup: backupBytes });
    const target = join(dir, 'chosen.gz');
    const { dialog, asked } = saveDialog({ canceled: false, filePath: target });
    const window = new FakeProgressWindow();
    const progress: TransferProgress[] = [];
    const result = await saveBackup(backupDeps(server.origin, dialog, window), (p) => progress.push(p));
    expect(result).toEqual({ ok: true, saved: true });
    expect(asked[0]).toMatchObject({ defaultPath: join(dir, 'wishlist-backup-2026-11-23T16-05-09.123Z.gz'), filters: [{ extensions: ['gz'] }] });
    expect(readFileSync(target).equals(backupBytes)).toBe(true);
    expect(readdirSync(dir)).toEqual(['chosen.gz']);
    expect(progress.at(-1)).toEqual({ loaded: backupBytes.length, total: backupBytes.length });
    expect(progress.length).toBeGreaterThan(2);
    // The taskbar shows the fraction done, then the bar goes away.
    expect(window.values.slice(0, -1).every((v, i, all) => v > 0 && v <= 1 && (i === 0 || v >= all[i - 1]!))).toBe(true);
    expect(window.values.at(-1)).toBe(-1);
  });

  it('does not even ask the server when the dialog is cancelled', async () => {
    const server = await standin({ backup: backupBytes });
    const result = await saveBackup(backupDeps(server.origin, saveDialog({ canceled: true, filePath: '' }).dialog), () => {});
    expect(result).toEqual({ ok: true, saved: false });
    expect(server.calls).toEqual([]);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('leaves no partial file when the download breaks off, and an older file at that path untouched', async () => {
    const server = await standin({ backup: backupBytes, cutAfterBytes: 1024 * 1024 });
    const target = join(dir, 'wishlist-backup.gz');
    writeFileSync(target, 'last week');
    const result = await saveBackup(backupDeps(server.origin, saveDialog({ canceled: false, filePath: target }).dialog), () => {});
    expect(result).toMatchObject({ ok: false, status: 0, message: expect.stringMatching(/^The transfer failed: /) });
    expect(readdirSync(dir)).toEqual(['wishlist-backup.gz']);
    expect(readFileSync(target, 'utf8')).toBe('last week');
  });

  it("relays the server's refusal and writes nothing", async () => {
    const server = await standin({ backup: backupBytes, fail: { status: 409, message: 'A backup or restore is already running.' } });
    const result = await saveBackup(backupDeps(server.origin, saveDialog({ canceled: false, filePath: join(dir, 'b.gz') }).dialog), () => {});
    expect(result).toEqual({ ok: false, status: 409, message: 'A backup or restore is already running.' });
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe('restoring through the native Open dialog', () => {
  function openDialog(answer: { canceled: boolean; filePaths: string[] }) {
    const { asked, show } = recordingDialog<Parameters<OpenDialog['showOpenDialog']>[0], typeof answer>(answer);
    return { dialog: { showOpenDialog: show } satisfies OpenDialog, asked };
  }

  it('offers only .gz files and uploads the chosen one as multipart backupFile, with progress', async () => {
    const server = await standin({ backup: backupBytes });
    const file = join(dir, 'wishlist-backup-2026-11-20.gz');
    writeFileSync(file, backupBytes);
    const { dialog, asked } = openDialog({ canceled: false, filePaths: [file] });
    const window = new FakeProgressWindow();
    const restore = new RestoreFiles({ dialog, window, serverFetch: createServerFetch(() => server.origin, async () => ({})) });
    const picked = await restore.pick();
    expect(asked[0]).toMatchObject({ properties: ['openFile'], filters: [{ extensions: ['gz'] }] });
    expect(picked).toEqual({ id: expect.any(String), name: 'wishlist-backup-2026-11-20.gz', size: backupBytes.length });
    const progress: TransferProgress[] = [];
    expect(await restore.upload(picked!.id, (p) => progress.push(p))).toEqual({ ok: true, message: 'Database restored.' });
    expect(server.uploads).toHaveLength(1);
    expect(server.uploads[0]!.fileName).toBe('wishlist-backup-2026-11-20.gz');
    expect(server.uploads[0]!.bytes.equals(backupBytes)).toBe(true);
    // Sent with its length up front (servers may refuse chunked uploads), yet streamed from disk.
    expect(Number(server.uploads[0]!.contentLength)).toBeGreaterThan(backupBytes.length);
    expect(progress.at(-1)).toEqual({ loaded: backupBytes.length, total: backupBytes.length });
    expect(window.values.at(-1)).toBe(-1);
  });

  it('answers null when the dialog is cancelled, and refuses an id it never handed out', async () => {
    const server = await standin({ backup: backupBytes });
    const restore = new RestoreFiles({ dialog: openDialog({ canceled: true, filePaths: [] }).dialog, window: new FakeProgressWindow(), serverFetch: createServerFetch(() => server.origin, async () => ({})) });
    expect(await restore.pick()).toBeNull();
    expect(await restore.upload('../../etc/passwd', () => {})).toEqual({ ok: false, status: 400, message: 'Choose the backup file again.' });
    expect(server.calls).toEqual([]);
  });

  it("relays the server's message when it refuses the file", async () => {
    const server = await standin({ backup: backupBytes, fail: { status: 422, message: 'The backup file is damaged (checksum mismatch).' } });
    const file = join(dir, 'bad.gz');
    writeFileSync(file, 'not a backup');
    const restore = new RestoreFiles({ dialog: openDialog({ canceled: false, filePaths: [file] }).dialog, window: new FakeProgressWindow(), serverFetch: createServerFetch(() => server.origin, async () => ({})) });
    const picked = await restore.pick();
    expect(await restore.upload(picked!.id, () => {})).toEqual({ ok: false, status: 422, message: 'The backup file is damaged (checksum mismatch).' });
  });
});
