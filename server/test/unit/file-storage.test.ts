/**
 * The FileStorage contract, on both implementations: the data dir's uploads folder and an
 * S3-compatible bucket (a real s3rver on a free port).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync, rmSync, utimesSync } from 'node:fs';
import { createServer as createHttpServer, type ServerResponse } from 'node:http';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FileTooLarge, StorageFailed, type FileStorage } from '../../src/storage/file-storage';
import { LocalFileStorage } from '../../src/storage/local-storage';
import { openFileStorage } from '../../src/storage/open-storage';
import { parseS3Url } from '../../src/storage/s3-storage';
import { startTestBucket, type TestBucket } from '../support/s3';

let bucket: TestBucket;
const dataDir = mkdtempSync(join(tmpdir(), 'wishwell-files-'));
beforeAll(async () => {
  bucket = await startTestBucket();
});
afterAll(async () => {
  await bucket.remove();
  rmSync(dataDir, { recursive: true, force: true });
});

const storages: [string, () => FileStorage][] = [
  ['the data dir', () => openFileStorage({ dataDir, storageUrl: null })],
  ['an S3 bucket', () => openFileStorage({ dataDir, storageUrl: bucket.storageUrl }, bucket.env)],
];

const text = (value: string) => new TextEncoder().encode(value);
const streamOf = (...chunks: string[]) => new ReadableStream<Uint8Array>({ start: (c) => (chunks.forEach((chunk) => c.enqueue(text(chunk))), c.close()) });
const read = async (files: FileStorage, key: string) => {
  const file = await files.get(key);
  return file ? new TextDecoder().decode(await new Response(file.body).arrayBuffer()) : null;
};
const keys = async (files: FileStorage) => {
  const found: string[] = [];
  for await (const file of files.list()) found.push(file.key);
  return found.sort();
};

describe.each(storages)('on %s', (name, open) => {
  const prefix = name === 'the data dir' ? 'local' : 's3';

  it('stores bytes and streams, gives them back with their size, lists and deletes them', async () => {
    const files = open();
    const a = await files.put(`${prefix}-a.png`, text('first file'), { contentType: 'image/png', maxBytes: 100 });
    expect(a.size).toBe(10);
    await files.put(`${prefix}-b.jpg`, streamOf('second ', 'file ', 'in chunks'), { contentType: 'image/jpeg', maxBytes: 100 });
    expect(await read(files, `${prefix}-a.png`)).toBe('first file');
    expect(await read(files, `${prefix}-b.jpg`)).toBe('second file in chunks');
    const b = await files.get(`${prefix}-b.jpg`);
    expect(b?.size).toBe(21);
    expect(Date.now() - b!.lastModified.getTime()).toBeLessThan(60_000);
    expect(await keys(files)).toEqual(expect.arrayContaining([`${prefix}-a.png`, `${prefix}-b.jpg`]));
    expect(await files.exists(`${prefix}-a.png`)).toBe(true);
    await files.delete(`${prefix}-a.png`);
    await files.delete(`${prefix}-a.png`); // already gone: not an error
    expect(await files.exists(`${prefix}-a.png`)).toBe(false);
    expect(await files.get(`${prefix}-a.png`)).toBeNull();
    expect(await keys(files)).not.toContain(`${prefix}-a.png`);
  });

  it('refuses a body over the cap and keeps nothing of it (bytes or a stream cut mid-way)', async () => {
    const files = open();
    await expect(files.put(`${prefix}-big.png`, new Uint8Array(101), { contentType: 'image/png', maxBytes: 100 })).rejects.toBeInstanceOf(FileTooLarge);
    await expect(files.put(`${prefix}-big.png`, streamOf('x'.repeat(60), 'y'.repeat(60)), { contentType: 'image/png', maxBytes: 100 })).rejects.toBeInstanceOf(FileTooLarge);
    expect(await files.exists(`${prefix}-big.png`)).toBe(false);
    expect(await keys(files)).not.toContain(`${prefix}-big.png`);
  });

  it('replaces a file put again under the same key', async () => {
    const files = open();
    await files.put(`${prefix}-again.gif`, text('old'), { contentType: 'image/gif', maxBytes: 100 });
    await files.put(`${prefix}-again.gif`, text('new bytes'), { contentType: 'image/gif', maxBytes: 100 });
    expect(await read(files, `${prefix}-again.gif`)).toBe('new bytes');
  });

  it('refuses keys that are not flat file names', async () => {
    const files = open();
    for (const key of ['../escape.png', 'a/b.png', '.hidden', '', 'x'.repeat(201)]) {
      await expect(files.put(key, text('x'), { contentType: 'image/png', maxBytes: 100 })).rejects.toThrow('not a valid file key');
    }
  });
});

describe('the data dir', () => {
  it('keeps the layout data dirs have always had ({DATA_DIR}/uploads/{name}) and no temporary files', async () => {
    const files = new LocalFileStorage(join(dataDir, 'uploads'));
    await files.put('layout.webp', text('webp'), { contentType: 'image/webp', maxBytes: 100 });
    expect(await Bun.file(join(dataDir, 'uploads', 'layout.webp')).text()).toBe('webp');
    expect(readdirSync(join(dataDir, 'uploads')).filter((name) => name.startsWith('.'))).toEqual([]);
  });

  it('reports when each file was last written (the clean-up goes by it)', async () => {
    const files = new LocalFileStorage(join(dataDir, 'uploads'));
    await files.put('old.png', text('old'), { contentType: 'image/png', maxBytes: 100 });
    const twoDaysAgo = new Date(Date.now() - 48 * 3600_000);
    utimesSync(join(dataDir, 'uploads', 'old.png'), twoDaysAgo, twoDaysAgo);
    const listed = [];
    for await (const file of files.list()) if (file.key === 'old.png') listed.push(file);
    expect(Math.abs(listed[0]!.lastModified.getTime() - twoDaysAgo.getTime())).toBeLessThan(1000);
  });
});

describe('an S3 bucket', () => {
  it('keeps the files under the folder STORAGE_URL names, with their content type', async () => {
    const files = openFileStorage({ dataDir, storageUrl: bucket.storageUrl }, bucket.env);
    await files.put('typed.png', text('png bytes'), { contentType: 'image/png', maxBytes: 100 });
    const object = bucket.client.file('uploads/typed.png');
    expect(await object.text()).toBe('png bytes');
    expect((await object.stat()).type).toBe('image/png');
    expect((await files.get('typed.png'))?.contentType).toBe('image/png');
  });

  it('says the storage is unavailable when the bucket does not answer', async () => {
    const files = openFileStorage({ dataDir, storageUrl: bucket.storageUrl }, bucket.env);
    await bucket.stop();
    try {
      const refused = files.put('down.png', text('x'), { contentType: 'image/png', maxBytes: 100 });
      await expect(refused).rejects.toBeInstanceOf(StorageFailed);
      await expect(refused).rejects.toMatchObject({ reason: 'unavailable', location: 's3://wishes/uploads/' });
      await expect(files.get('typed.png')).rejects.toBeInstanceOf(StorageFailed);
    } finally {
      await bucket.start();
    }
    expect(await files.exists('typed.png')).toBe(true);
  });

  it('gives up on a bucket that takes connections but never answers, within the timeout STORAGE_URL sets', async () => {
    const sockets = new Set<Socket>();
    const hung = createServer((socket) => sockets.add(socket)); // reads the request, never answers
    await new Promise<void>((resolve) => hung.listen(0, '127.0.0.1', resolve));
    const endpoint = encodeURIComponent(`http://127.0.0.1:${(hung.address() as AddressInfo).port}`);
    try {
      const files = openFileStorage({ dataDir, storageUrl: `s3://wishes/uploads?endpoint=${endpoint}&region=us-east-1&timeout=0.5` }, bucket.env);
      const started = Date.now();
      // All at once, each watched from the start (allSettled): none is left rejecting unobserved.
      const outcomes = await Promise.allSettled([files.put('hung.png', text('x'), { contentType: 'image/png', maxBytes: 100 }), files.get('hung.png'), files.exists('hung.png'), files.delete('hung.png'), keys(files)]);
      expect(outcomes.map((outcome) => outcome.status === 'rejected' && outcome.reason)).toEqual(Array(5).fill(expect.objectContaining({ name: 'StorageFailed', reason: 'unavailable' })));
      expect(Date.now() - started).toBeLessThan(5000);
      expect(sockets.size).toBeGreaterThan(0); // the requests did reach the hung server
    } finally {
      sockets.forEach((socket) => socket.destroy());
      hung.close();
    }
  });

  it('gives up on a download that stalls half-way through the body, within the timeout STORAGE_URL sets', async () => {
    // Answers the metadata request, then sends half of the object's 1,000 bytes and nothing more.
    const stalled = new Set<ServerResponse>();
    const halfway = createHttpServer((request, response) => {
      response.writeHead(200, { 'content-type': 'image/png', 'content-length': '1000', 'last-modified': new Date().toUTCString(), etag: '"half"' });
      if (request.method === 'HEAD') return void response.end();
      response.write(Buffer.alloc(500, 1));
      stalled.add(response);
    });
    await new Promise<void>((resolve) => halfway.listen(0, '127.0.0.1', resolve));
    const endpoint = encodeURIComponent(`http://127.0.0.1:${(halfway.address() as AddressInfo).port}`);
    try {
      const files = openFileStorage({ dataDir, storageUrl: `s3://wishes/uploads?endpoint=${endpoint}&region=us-east-1&timeout=0.5` }, bucket.env);
      const file = await files.get('half.png');
      expect(file?.size).toBe(1000);
      const started = Date.now();
      await expect(new Response(file!.body).arrayBuffer()).rejects.toMatchObject({ name: 'StorageFailed', reason: 'unavailable' });
      expect(Date.now() - started).toBeLessThan(5000);
      expect(stalled.size).toBe(1); // the download did start, and stalled
    } finally {
      stalled.forEach((response) => response.destroy());
      halfway.close();
    }
  });

  it('reads bucket, folder, endpoint, region and the usual credential variables from STORAGE_URL', () => {
    const settings = parseS3Url('s3://media/wishwell/uploads?endpoint=https%3A%2F%2Fminio.internal%3A9000&region=eu-west-1', {
      AWS_ACCESS_KEY_ID: 'key',
      AWS_SECRET_ACCESS_KEY: 'secret',
    });
    expect(settings).toMatchObject({ bucket: 'media', prefix: 'wishwell/uploads', endpoint: 'https://minio.internal:9000', region: 'eu-west-1', accessKeyId: 'key', secretAccessKey: 'secret' });
    expect(parseS3Url('s3://media', { S3_ACCESS_KEY_ID: 'k', AWS_ACCESS_KEY_ID: 'aws' })).toMatchObject({ prefix: '', accessKeyId: 'k', endpoint: undefined });
    expect(() => parseS3Url('https://media', {})).toThrow('STORAGE_URL must look like s3://bucket');
    expect(() => parseS3Url('s3://media?endpoint=minio:9000', {})).toThrow('endpoint must start with http');
    expect(parseS3Url('s3://media', {}).timeoutMs).toBe(30_000);
    expect(parseS3Url('s3://media?timeout=5', {}).timeoutMs).toBe(5000);
    expect(() => parseS3Url('s3://media?timeout=never', {})).toThrow('timeout must be a number of seconds');
  });
});
