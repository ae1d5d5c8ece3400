/**
 * Where uploaded files live: the data dir (default) or an S3-compatible bucket (STORAGE_URL).
 * Keys are flat file names (`{id}.{ext}`); a storage holds whole files or none (a refused or
 * failed put leaves nothing behind).
 */
export interface FileStorage {
  /** Where the files go (a folder, or s3://bucket/prefix), for logs and messages. */
  readonly location: string;
  /** Stores the whole body under `key`. Throws FileTooLarge past `maxBytes`, StorageFailed when the storage refuses. */
  put(key: string, body: Uint8Array | ReadableStream<Uint8Array>, options: PutOptions): Promise<StoredFileInfo>;
  /** The file's bytes and metadata, or null when there is no such file. */
  get(key: string): Promise<StoredFile | null>;
  exists(key: string): Promise<boolean>;
  /** Removes the file; a missing one is not an error. */
  delete(key: string): Promise<void>;
  /** Every stored file (for clean-up and backups). */
  list(): AsyncIterable<StoredFileInfo>;
  /** Removes what interrupted puts left behind (temporary files) last written before `before`; answers how many. */
  removeAbandoned(before: Date): Promise<number>;
}

export interface PutOptions {
  contentType: string;
  maxBytes: number;
}

export interface StoredFileInfo {
  key: string;
  size: number;
  lastModified: Date;
}

export interface StoredFile extends StoredFileInfo {
  /** The type recorded with the file (S3), or null where the storage keeps none (local files). */
  contentType: string | null;
  body: ReadableStream<Uint8Array>;
}

/** The body was longer than PutOptions.maxBytes; nothing was stored. */
export class FileTooLarge extends Error {
  constructor(readonly maxBytes: number) {
    super(`The file is larger than ${maxBytes} bytes.`);
    this.name = 'FileTooLarge';
  }
}

/** The storage could not take or give the file: `full` (a full disk or quota) or `unavailable` (errors, no answer). */
export class StorageFailed extends Error {
  constructor(
    readonly reason: 'full' | 'unavailable',
    readonly location: string,
    options?: { cause?: unknown },
  ) {
    super(`File storage ${location} is ${reason === 'full' ? 'full' : 'not available'}`, options);
    this.name = 'StorageFailed';
  }
}

/** Flat names only: no folders, no dot files, nothing a path could escape with. */
export function checkKey(key: string): string {
  if (!/^[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}$/.test(key)) throw new Error(`not a valid file key: ${JSON.stringify(key)}`);
  return key;
}

/** Reads a body into memory, refusing it once it passes `maxBytes` (the rest is never read). */
export async function readCapped(body: Uint8Array | ReadableStream<Uint8Array>, maxBytes: number): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of cappedChunks(body, maxBytes)) chunks.push(chunk);
  return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
}

/** The body's chunks, throwing FileTooLarge (and cancelling the body) once they pass `maxBytes`. */
export async function* cappedChunks(body: Uint8Array | ReadableStream<Uint8Array>, maxBytes: number): AsyncGenerator<Uint8Array> {
  if (body instanceof Uint8Array) {
    if (body.length > maxBytes) throw new FileTooLarge(maxBytes);
    yield body;
    return;
  }
  const reader = body.getReader();
  let size = 0;
  try {
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      size += chunk.value.length;
      if (size > maxBytes) throw new FileTooLarge(maxBytes);
      yield chunk.value;
    }
  } catch (error) {
    await reader.cancel().catch(() => undefined);
    throw error;
  } finally {
    reader.releaseLock();
  }
}
