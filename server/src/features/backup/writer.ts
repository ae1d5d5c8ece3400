import { asc, gt, type SQL } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { once } from 'node:events';
import type { DataStore, Db } from '../../db/store';
import type { FileStorage } from '../../storage/file-storage';
import { BACKUP_FORMAT_VERSION, MANIFEST_ENTRY, tableEntry, UPLOADS_PREFIX, type BackupManifest } from './manifest';
import { encodeRow, tablesInForeignKeyOrder, type BackupTable } from './tables';
import { uploadFiles } from './uploads';

/** Rows per query: each page is read synchronously (bun:sqlite), so a small page keeps the event loop's pauses short. */
const PAGE_ROWS = 250;

/** One table's NDJSON file as written: its rows, SHA-256 and size. */
export interface DumpedTable {
  rows: number;
  sha256: string;
  bytes: number;
}

/** Writes one table of a consistent view of the store (no write shows while the backup reads) to `file` as NDJSON. */
export type TableDump = (table: BackupTable, file: string) => Promise<DumpedTable>;

/** The tables read through Drizzle from `snapshot` (`store.readSnapshot`), a page at a time. */
export const dumpThrough =
  (snapshot: Db): TableDump =>
  (table, file) =>
    dumpTable(snapshot, table, file);

export interface BackupSource {
  /** The store the backup is of: its engine, tables and schema version. */
  store: Pick<DataStore, 'engine' | 'tables' | 'schemaVersion'>;
  /** Its tables' dump: `dumpThrough` a snapshot, or on SQLite `withSqliteSnapshotDump`'s thread. */
  dumpTable: TableDump;
  /** Where the uploads are (the data dir's folder or a bucket). */
  files: FileStorage;
  appVersion: string;
}

/** Writes the backup archive (tar + gzip) to `outFile`; answers its manifest. */
export async function writeBackup(source: BackupSource, outFile: string, onProgress?: (done: string) => void): Promise<BackupManifest> {
  const workDir = mkdtempSync(outFile + '.parts-');
  try {
    const manifest: BackupManifest = {
      formatVersion: BACKUP_FORMAT_VERSION,
      schemaVersion: source.store.schemaVersion,
      appVersion: source.appVersion,
      createdAt: new Date().toISOString(),
      engine: source.store.engine,
      tables: [],
      entries: {},
    };
    const parts: { name: string; file: string }[] = [];
    for (const table of tablesInForeignKeyOrder(source.store.tables)) {
      const file = join(workDir, `${table.name}.ndjson`);
      const { rows, sha256, bytes } = await source.dumpTable(table, file);
      manifest.tables.push({ name: table.name, rows });
      manifest.entries[tableEntry(table.name)] = { sha256, bytes };
      parts.push({ name: tableEntry(table.name), file });
      onProgress?.(`${table.name}: ${rows} rows`);
    }
    for await (const upload of uploadFiles(source.files, join(workDir, 'uploads'))) {
      manifest.entries[UPLOADS_PREFIX + upload.name] = await hashFile(upload.file);
      parts.push({ name: UPLOADS_PREFIX + upload.name, file: upload.file });
    }
    await pack(manifest, parts, outFile);
    return manifest;
  } finally {
    // Off the event loop: the parts of a large database are hundreds of MB, and removing them would stall requests.
    await rm(workDir, { recursive: true, force: true });
  }
}

async function hashFile(file: string): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of createReadStream(file)) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).byteLength;
  }
  return { sha256: hash.digest('hex'), bytes };
}

/** One table as NDJSON, read a page at a time in key order (keyset paging when the key is one column). */
async function dumpTable(db: Db, table: BackupTable, file: string): Promise<DumpedTable> {
  const out = createWriteStream(file);
  const hash = createHash('sha256');
  let rows = 0;
  let bytes = 0;
  const columns = table.table as unknown as Record<string, import('drizzle-orm').Column>;
  const keys = table.keyColumns.map((key) => columns[key]!);
  const singleKey = keys.length === 1 ? keys[0]! : null;
  let after: unknown = null;
  for (let offset = 0; ; offset += PAGE_ROWS) {
    const where: SQL | undefined = singleKey && after !== null ? gt(singleKey, after) : undefined;
    const query = db.select().from(table.table).where(where).orderBy(...keys.map((key) => asc(key))).limit(PAGE_ROWS);
    const page = (await (singleKey ? query : query.offset(offset))) as Record<string, unknown>[];
    if (page.length > 0) {
      // One write per page: a write per row costs a system call each.
      const lines = Buffer.from(page.map(encodeRow).join('\n') + '\n');
      hash.update(lines);
      bytes += lines.byteLength;
      if (!out.write(lines)) await once(out, 'drain');
    }
    rows += page.length;
    if (page.length < PAGE_ROWS) break;
    if (singleKey) after = page[page.length - 1]![table.keyColumns[0]!];
  }
  out.end();
  await once(out, 'close');
  return { rows, sha256: hash.digest('hex'), bytes };
}

async function pack(manifest: BackupManifest, parts: { name: string; file: string }[], outFile: string): Promise<void> {
  // archiver loads with the first backup, keeping it out of start-up.
  const { TarArchive } = await import('archiver');
  const archive = new TarArchive({ gzip: true, gzipOptions: { level: 6 } });
  const output = createWriteStream(outFile);
  const finished = once(output, 'close');
  const failed = new Promise<never>((_, reject) => archive.on('error', reject));
  archive.pipe(output);
  archive.append(JSON.stringify(manifest, null, 2), { name: MANIFEST_ENTRY });
  for (const part of parts) archive.file(part.file, { name: part.name });
  await Promise.race([archive.finalize(), failed]);
  await Promise.race([finished, failed]);
}
