import { createHash, type Hash } from 'node:crypto';
import { createReadStream, createWriteStream, mkdirSync, statSync, type WriteStream } from 'node:fs';
import { dirname, join } from 'node:path';
import { once } from 'node:events';
import { BACKUP_FORMAT_VERSION, MANIFEST_ENTRY, type BackupManifest } from './manifest';
import { DomainError, text, type ErrorKey, type ErrorParam } from '../../domain/errors';

/** A backup the server will not restore (invalid, or unprocessable when it comes from a newer version); the message says why (shown to the operator). */
export class InvalidBackupError extends DomainError {
  constructor(key: ErrorKey, params?: Record<string, ErrorParam>, kind: 'invalid' | 'unprocessable' = 'invalid') {
    super(kind, [text(key, params)]);
    this.name = 'InvalidBackupError';
  }
}

export interface ReadLimits {
  /** Unpacked bytes at most, whatever the file's size (gzip bombs). */
  maxUnpackedBytes: number;
  /** Unpacked bytes at most per packed byte. */
  maxRatio: number;
  maxEntries: number;
}

export const DEFAULT_READ_LIMITS: ReadLimits = { maxUnpackedBytes: 8 * 1024 ** 3, maxRatio: 200, maxEntries: 1_000_000 };

// Upload names as FileStorage keys them (ids are base64url: they may start with - or _).
const ENTRY_NAME = /^(manifest\.json|tables\/[a-z_]+\.ndjson|uploads\/[A-Za-z0-9_-][A-Za-z0-9._-]{0,199})$/;
const BLOCK = 512;

/**
 * Unpacks a backup (gzip + tar) into `intoDir`, refusing anything odd before a byte of it is
 * trusted: not gzip, truncated, links or special files, absolute or `..` paths, unknown entries,
 * more unpacked data than the limits allow. Then checks the manifest and every checksum.
 */
export async function unpackBackup(
  file: string,
  intoDir: string,
  currentSchemaVersion: number,
  range: { start: number; end: number } = { start: 0, end: statSync(file).size },
  limits = DEFAULT_READ_LIMITS,
): Promise<BackupManifest> {
  const cap = Math.min(limits.maxUnpackedBytes, (range.end - range.start) * limits.maxRatio + 1024 * 1024);
  const hashes = new Map<string, { sha256: string; bytes: number }>();
  const tar = new TarEntries(intoDir, cap, limits.maxEntries, (name, sha256, bytes) => hashes.set(name, { sha256, bytes }));
  const { createGunzip } = await import('node:zlib'); // loaded with the first backup read, not at start
  const gunzip = createGunzip();
  try {
    const input = createReadStream(file, { start: range.start, end: range.end - 1 }).pipe(gunzip);
    for await (const chunk of input) await tar.write(chunk as Buffer);
    tar.end();
  } catch (error) {
    gunzip.destroy();
    await tar.abort();
    if (error instanceof InvalidBackupError) throw error;
    const code = (error as { code?: string }).code ?? '';
    if (code === 'Z_DATA_ERROR' || code === 'Z_BUF_ERROR' || /incorrect header|unexpected end/i.test(String(error))) {
      throw new InvalidBackupError('backupNotGzip');
    }
    throw error;
  }
  return checkManifest(intoDir, hashes, currentSchemaVersion);
}

async function checkManifest(dir: string, hashes: Map<string, { sha256: string; bytes: number }>, currentSchemaVersion: number): Promise<BackupManifest> {
  if (!hashes.has(MANIFEST_ENTRY)) throw new InvalidBackupError('backupNoManifest');
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(await Bun.file(join(dir, MANIFEST_ENTRY)).text()) as BackupManifest;
  } catch {
    throw new InvalidBackupError('backupManifestJson');
  }
  if (manifest.formatVersion !== BACKUP_FORMAT_VERSION) throw new InvalidBackupError('backupFormat', { format: String(manifest.formatVersion) });
  if (!Number.isInteger(manifest.schemaVersion) || manifest.schemaVersion > currentSchemaVersion) {
    throw new InvalidBackupError('backupNewer', { schema: String(manifest.schemaVersion), current: currentSchemaVersion }, 'unprocessable');
  }
  const listed = Object.entries(manifest.entries ?? {});
  const present = [...hashes.keys()].filter((name) => name !== MANIFEST_ENTRY);
  for (const name of present) if (!manifest.entries[name]) throw new InvalidBackupError('backupUnlisted', { name });
  for (const [name, expected] of listed) {
    const actual = hashes.get(name);
    if (!actual) throw new InvalidBackupError('backupMissing', { name });
    if (actual.sha256 !== expected.sha256 || actual.bytes !== expected.bytes) throw new InvalidBackupError('backupChecksum', { name });
  }
  return manifest;
}

/** A streaming ustar reader that writes regular files under `dir` and hashes them. */
class TarEntries {
  private pending: Buffer = Buffer.alloc(0);
  private current: { name: string; left: number; padding: number; out: WriteStream; hash: Hash; bytes: number } | null = null;
  private unpacked = 0;
  private entries = 0;
  private ended = false;
  private readonly open = new Set<WriteStream>();
  private readonly names = new Set<string>();

  constructor(
    private readonly dir: string,
    private readonly cap: number,
    private readonly maxEntries: number,
    private readonly onEntry: (name: string, sha256: string, bytes: number) => void,
  ) {}

  async write(chunk: Buffer): Promise<void> {
    this.unpacked += chunk.length;
    if (this.unpacked > this.cap) throw new InvalidBackupError('backupBomb');
    if (this.ended) return; // padding after the end-of-archive block: counted, not kept
    this.pending = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
    while (!this.ended) {
      if (this.current) {
        if (!(await this.body())) return;
      } else if (this.pending.length >= BLOCK) {
        this.header(this.pending.subarray(0, BLOCK));
        this.pending = this.pending.subarray(BLOCK);
      } else return;
    }
  }

  end(): void {
    if (!this.ended || this.current) throw new InvalidBackupError('backupCutShort');
  }

  async abort(): Promise<void> {
    for (const out of this.open) out.destroy();
  }

  /** Copies as much of the current entry's data as has arrived; true when the entry is complete. */
  private async body(): Promise<boolean> {
    const entry = this.current!;
    if (entry.left > 0) {
      const take = Math.min(entry.left, this.pending.length);
      if (take === 0) return false;
      const data = this.pending.subarray(0, take);
      entry.hash.update(data);
      entry.bytes += take;
      entry.left -= take;
      this.pending = this.pending.subarray(take);
      if (!entry.out.write(data)) await once(entry.out, 'drain');
      if (entry.left > 0) return false;
    }
    if (this.pending.length < entry.padding) return false;
    this.pending = this.pending.subarray(entry.padding);
    entry.out.end();
    await once(entry.out, 'close');
    this.open.delete(entry.out);
    this.onEntry(entry.name, entry.hash.digest('hex'), entry.bytes);
    this.current = null;
    return true;
  }

  private header(block: Buffer): void {
    if (block.every((byte) => byte === 0)) {
      this.ended = true;
      return;
    }
    if (!checksumMatches(block)) throw new InvalidBackupError('backupHeaders');
    const type = String.fromCharCode(block[156]!);
    const name = headerName(block);
    if (type === '5') return; // a folder: nothing to write
    if (type !== '0' && type !== '\0') throw new InvalidBackupError('backupNotPlainFile', { name: name || 'an entry' });
    if (!ENTRY_NAME.test(name) || name.split('/').includes('..')) throw new InvalidBackupError('backupBadPath', { name: name.slice(0, 120) });
    if (++this.entries > this.maxEntries) throw new InvalidBackupError('backupTooManyFiles');
    if (this.names.has(name)) throw new InvalidBackupError('backupRepeatedEntry', { name });
    this.names.add(name);
    const size = parseInt(block.subarray(124, 136).toString('latin1').replace(/\0.*$/s, '').trim() || '0', 8);
    if (!Number.isSafeInteger(size) || size < 0) throw new InvalidBackupError('backupHeaders');
    const path = join(this.dir, name);
    mkdirSync(dirname(path), { recursive: true });
    const out = createWriteStream(path, { flags: 'wx' }); // wx: never over a file already there, whatever the name's spelling
    // Its failures reach the unpack through the awaited 'drain' and 'close'; after an abort (the work
    // folder removed) a late open may still fail, and nobody is left to hear it.
    out.on('error', () => undefined);
    this.open.add(out);
    this.current = { name, left: size, padding: (BLOCK - (size % BLOCK)) % BLOCK, out, hash: createHash('sha256'), bytes: 0 };
  }
}

function headerName(block: Buffer): string {
  const field = (start: number, end: number) => block.subarray(start, end).toString('utf8').replace(/\0.*$/s, '');
  const prefix = block.subarray(257, 262).toString('latin1') === 'ustar' ? field(345, 500) : '';
  return prefix ? `${prefix}/${field(0, 100)}` : field(0, 100);
}

function checksumMatches(block: Buffer): boolean {
  const stored = parseInt(block.subarray(148, 156).toString('latin1').replace(/\0.*$/s, '').trim(), 8);
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : block[i]!;
  return sum === stored;
}
