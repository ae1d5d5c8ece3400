import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InvalidBackupError, unpackBackup } from '../../src/features/backup/reader';
import { tarGz } from '../support/tar';

const entry = (data: string) => ({ sha256: createHash('sha256').update(data).digest('hex'), bytes: Buffer.byteLength(data) });

describe('unpacking a backup', () => {
  it('takes upload names as upload ids are made (base64url: they may start with - or _)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'wishwell-reader-'));
    const uploads = { 'uploads/-hZZFMG7KwZItc57VSbNpA.png': 'one', 'uploads/_aB3.jpg': 'two' };
    const manifest = { formatVersion: 1, schemaVersion: 1, appVersion: 'x', createdAt: '', engine: 'sqlite', tables: [], entries: Object.fromEntries(Object.entries(uploads).map(([name, data]) => [name, entry(data)])) };
    const archive = join(dir, 'backup.gz');
    writeFileSync(archive, tarGz([{ name: 'manifest.json', data: JSON.stringify(manifest) }, ...Object.entries(uploads).map(([name, data]) => ({ name, data }))]));
    await unpackBackup(archive, join(dir, 'out'), 1);
    expect(readFileSync(join(dir, 'out', 'uploads', '-hZZFMG7KwZItc57VSbNpA.png'), 'utf8')).toBe('one');
    expect(readFileSync(join(dir, 'out', 'uploads', '_aB3.jpg'), 'utf8')).toBe('two');
  });

  it('refuses an archive that holds one entry name twice, as a refused backup (a 400), not a failure of the server', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'wishwell-reader-'));
    const manifest = { formatVersion: 1, schemaVersion: 1, appVersion: 'x', createdAt: '', engine: 'sqlite', tables: [], entries: { 'uploads/a.png': entry('one') } };
    const archive = join(dir, 'backup.gz');
    writeFileSync(archive, tarGz([{ name: 'manifest.json', data: JSON.stringify(manifest) }, { name: 'uploads/a.png', data: 'one' }, { name: 'uploads/a.png', data: 'two' }]));
    const read = unpackBackup(archive, join(dir, 'out'), 1);
    await expect(read).rejects.toBeInstanceOf(InvalidBackupError);
    await expect(read).rejects.toThrow('The backup holds uploads/a.png twice: refused.');
  });
});
