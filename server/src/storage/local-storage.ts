import { mkdirSync } from 'node:fs';
import { open, readdir, rename, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { isDiskFull } from '../http/body-reader';
import { cappedChunks, checkKey, StorageFailed, type FileStorage, type PutOptions, type StoredFile, type StoredFileInfo } from './file-storage';

const isMissing = (error: unknown) => (error as { code?: unknown })?.code === 'ENOENT';
/** The temporary file of a put: `.{key}.{uuid}.part`. */
const PARTIAL = /^\..+\.part$/;

/**
 * Files in a folder of the data dir (`{DATA_DIR}/uploads/{key}`, the layout data dirs have always
 * had). A put writes a hidden temporary file and renames it into place, so a reader never sees
 * half a file and a refused or failed write leaves nothing.
 */
export class LocalFileStorage implements FileStorage {
  /** `disk.open` opens the files a put writes (tests hand in one whose writes fail as a full disk does). */
  constructor(
    readonly location: string,
    private readonly disk: { open: typeof open } = { open },
  ) {
    mkdirSync(location, { recursive: true });
  }

  async put(key: string, body: Uint8Array | ReadableStream<Uint8Array>, options: PutOptions): Promise<StoredFileInfo> {
    const path = join(this.location, checkKey(key));
    const partial = join(this.location, `.${key}.${crypto.randomUUID()}.part`); // see PARTIAL
    const file = await this.disk.open(partial, 'wx');
    try {
      for await (const chunk of cappedChunks(body, options.maxBytes)) await file.write(chunk);
      await file.close();
      await rename(partial, path);
    } catch (error) {
      await file.close().catch(() => undefined);
      await unlink(partial).catch(() => undefined);
      throw isDiskFull(error) ? new StorageFailed('full', this.location, { cause: error }) : error;
    }
    return this.info(key);
  }

  async get(key: string): Promise<StoredFile | null> {
    const info = await this.info(key).catch((error: unknown) => (isMissing(error) ? null : Promise.reject(error)));
    if (!info) return null;
    return { ...info, contentType: null, body: Bun.file(join(this.location, key)).stream() };
  }

  async exists(key: string): Promise<boolean> {
    return Bun.file(join(this.location, checkKey(key))).exists();
  }

  async delete(key: string): Promise<void> {
    await unlink(join(this.location, checkKey(key))).catch((error: unknown) => (isMissing(error) ? undefined : Promise.reject(error)));
  }

  async *list(): AsyncIterable<StoredFileInfo> {
    for (const entry of await readdir(this.location, { withFileTypes: true })) {
      if (!entry.isFile() || entry.name.startsWith('.')) continue;
      const info = await this.info(entry.name).catch(() => null); // removed meanwhile
      if (info) yield info;
    }
  }

  async removeAbandoned(before: Date): Promise<number> {
    let removed = 0;
    for (const name of await readdir(this.location)) {
      if (!PARTIAL.test(name)) continue;
      const path = join(this.location, name);
      const stats = await stat(path).catch(() => null); // finished meanwhile
      if (!stats?.isFile() || stats.mtime >= before) continue;
      await unlink(path).catch((error: unknown) => (isMissing(error) ? undefined : Promise.reject(error)));
      removed++;
    }
    return removed;
  }

  private async info(key: string): Promise<StoredFileInfo> {
    const stats = await stat(join(this.location, checkKey(key)));
    if (!stats.isFile()) throw Object.assign(new Error(`${key} is not a file`), { code: 'ENOENT' });
    return { key, size: stats.size, lastModified: stats.mtime };
  }
}
