/** A minimal ustar writer for tests that need archives no well-behaved tool would make (links, `../` paths), and backups taken apart and packed again. */
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface TarEntry {
  name: string;
  data?: string | Uint8Array;
  /** '0' file (default), '2' symbolic link, '1' hard link, '5' folder. */
  type?: string;
  linkName?: string;
}

function header(entry: TarEntry, size: number): Buffer {
  const block = Buffer.alloc(512);
  block.write(entry.name, 0, 100, 'utf8');
  block.write('0000644\0', 100, 'latin1');
  block.write('0000000\0', 108, 'latin1');
  block.write('0000000\0', 116, 'latin1');
  block.write(size.toString(8).padStart(11, '0') + '\0', 124, 'latin1');
  block.write('00000000000\0', 136, 'latin1');
  block.write('        ', 148, 'latin1');
  block.write(entry.type ?? '0', 156, 'latin1');
  if (entry.linkName) block.write(entry.linkName, 157, 100, 'utf8');
  block.write('ustar\0', 257, 'latin1');
  block.write('00', 263, 'latin1');
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(sum.toString(8).padStart(6, '0') + '\0 ', 148, 'latin1');
  return block;
}

export function tarGz(entries: TarEntry[]): Buffer {
  const parts: Buffer[] = [];
  for (const entry of entries) {
    const data = Buffer.from(entry.data ?? '');
    parts.push(header(entry, data.length), data, Buffer.alloc((512 - (data.length % 512)) % 512));
  }
  parts.push(Buffer.alloc(1024));
  return gzipSync(Buffer.concat(parts));
}

/** A backup's entries by name, unpacked by the system's tar. */
export function unpackWithTar(archive: Buffer): Map<string, Buffer> {
  const dir = mkdtempSync(join(tmpdir(), 'wishwell-backup-test-'));
  const file = join(dir, 'b.gz');
  writeFileSync(file, archive);
  Bun.spawnSync(['tar', 'xzf', file, '-C', dir]);
  const entries = new Map<string, Buffer>();
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (path !== file) entries.set(relative(dir, path), readFileSync(path));
    }
  };
  walk(dir);
  return entries;
}

/** The entries packed again as a backup, manifest first, after `change` has had its way with them. */
export function repack(entries: Map<string, Buffer>, change: (manifest: any, entries: Map<string, Buffer>) => void): Buffer {
  const copy = new Map(entries);
  const manifest = JSON.parse(copy.get('manifest.json')!.toString());
  change(manifest, copy);
  copy.set('manifest.json', Buffer.from(JSON.stringify(manifest)));
  const ordered: TarEntry[] = [{ name: 'manifest.json', data: copy.get('manifest.json')! }, ...[...copy].filter(([name]) => name !== 'manifest.json').map(([name, data]) => ({ name, data }))];
  return tarGz(ordered);
}

/**
 * `backup` with the first line of `table` holding `needle` changed by `change` (a row as the API
 * would never write it), its checksum made right, so only the restore's row checks stand in the way.
 */
export function withRowChanged(backup: Buffer, table: string, needle: string, change: (row: Record<string, unknown>) => void): Buffer {
  return repack(unpackWithTar(backup), (manifest, entries) => {
    const entry = `tables/${table}.ndjson`;
    const lines = entries.get(entry)!.toString().split('\n');
    const at = lines.findIndex((line) => line.includes(needle));
    const row = JSON.parse(lines[at]!);
    change(row);
    lines[at] = JSON.stringify(row);
    const data = Buffer.from(lines.join('\n'));
    entries.set(entry, data);
    manifest.entries[entry] = { sha256: createHash('sha256').update(data).digest('hex'), bytes: data.length };
  });
}
