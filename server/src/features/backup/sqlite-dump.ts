/**
 * A SQLite backup's tables read and written as NDJSON on a worker thread, from a `VACUUM INTO`
 * snapshot of the live file: reading every row, mapping it as Drizzle does and writing its JSON
 * grows with the database, and on the request thread it would stall every request meanwhile. Each line is what writer.ts's Drizzle dump
 * writes for the row, byte for byte (sqlite-dump.test.ts compares the two): the columns in the
 * table's order under their property names, booleans as true/false, timestamps as ISO text.
 */
import { getTableColumns, type Column } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { vacuumInto } from '../../db/sqlite-vacuum';
import { ANSWER_REQUESTS, startWorkerRequests } from '../../db/worker-requests';
import type { BackupTable } from './tables';
import type { DumpedTable, TableDump } from './writer';

const WORKER_SOURCE = `
import { Database } from 'bun:sqlite';
import { createHash } from 'node:crypto';
import { closeSync, openSync, writeSync } from 'node:fs';
let db = null;
const quoted = (name) => '"' + name.replaceAll('"', '""') + '"';
const LINES_PER_WRITE = 1000;
const handlers = {
  open({ file, mmapBytes }) {
    db = new Database(file, { readonly: true });
    db.exec('PRAGMA mmap_size = ' + mmapBytes);
  },
  dump({ table, columns, keys, file }) {
    const select = db.prepare('SELECT ' + columns.map((column) => quoted(column.name)).join(', ') + ' FROM ' + quoted(table) + ' ORDER BY ' + keys.map(quoted).join(', '));
    const hash = createHash('sha256');
    const out = openSync(file, 'w');
    let rows = 0;
    let bytes = 0;
    let lines = [];
    const write = () => {
      const chunk = Buffer.from(lines.join('\\n') + '\\n');
      hash.update(chunk);
      bytes += chunk.byteLength;
      for (let at = 0; at < chunk.byteLength; ) at += writeSync(out, chunk, at);
      lines = [];
    };
    try {
      for (const row of select.iterate()) {
        const mapped = {};
        for (const { key, name, kind } of columns) {
          const value = row[name];
          mapped[key] = value === null ? null : kind === 'boolean' ? Number(value) === 1 : kind === 'date' ? new Date(value) : value;
        }
        lines.push(JSON.stringify(mapped));
        rows++;
        if (lines.length === LINES_PER_WRITE) write();
      }
      if (lines.length > 0) write();
    } finally {
      closeSync(out);
      select.finalize();
    }
    return { rows, sha256: hash.digest('hex'), bytes };
  },
  close() {
    db?.close();
    db = null;
  },
};
${ANSWER_REQUESTS}`;

/** How much of the snapshot is memory-mapped: rows are read in key order, from all over the file. */
const SNAPSHOT_MMAP_BYTES = 2 * 1024 ** 3;

/**
 * Takes a `VACUUM INTO` snapshot of `liveFile` beside it and runs `work` with a dump of its
 * tables on a worker thread; the snapshot is removed afterwards.
 */
export async function withSqliteSnapshotDump<T>(liveFile: string, work: (dumpTable: TableDump) => Promise<T>): Promise<T> {
  const snapshotFile = join(dirname(liveFile), `.snapshot-${randomUUID()}.db`);
  try {
    await vacuumInto(liveFile, snapshotFile);
    const { request, end } = startWorkerRequests(WORKER_SOURCE, 'the backup thread');
    try {
      await request({ kind: 'open', file: snapshotFile, mmapBytes: SNAPSHOT_MMAP_BYTES });
      return await work((table, file) => request<DumpedTable>({ kind: 'dump', table: table.name, ...columnsOf(table), file }));
    } finally {
      await request({ kind: 'close' }).catch(() => undefined);
      end(new Error('the backup thread is closed'));
    }
  } finally {
    // Off the event loop: a snapshot of a million items is hundreds of MB.
    await Promise.all(['', '-wal', '-shm'].map((suffix) => rm(snapshotFile + suffix, { force: true })));
  }
}

type ColumnKind = 'plain' | 'boolean' | 'date';

/** The table's columns as the thread maps them, and its key columns (rows are written in key order). */
function columnsOf(table: BackupTable): { columns: { key: string; name: string; kind: ColumnKind }[]; keys: string[] } {
  const columns = Object.entries(getTableColumns(table.table)) as [string, Column][];
  const nameOf = new Map(columns.map(([key, column]) => [key, column.name]));
  return {
    columns: columns.map(([key, column]) => ({ key, name: column.name, kind: kindOf(column) })),
    keys: table.keyColumns.map((key) => nameOf.get(key)!),
  };
}

/** How Drizzle maps the column's stored value; a kind the thread does not know stops the backup instead of writing it wrong. */
function kindOf(column: Column): ColumnKind {
  switch (column.columnType) {
    case 'SQLiteText':
    case 'SQLiteInteger':
    case 'SQLiteReal':
      return 'plain';
    case 'SQLiteBoolean':
      return 'boolean';
    case 'SQLiteTimestamp':
      if ((column as unknown as { mode: string }).mode === 'timestamp_ms') return 'date';
  }
  throw new Error(`The backup cannot write the ${column.columnType} column ${column.name} on its thread.`);
}
