import { S3Client, type S3File } from 'bun';
import { checkKey, readCapped, StorageFailed, type FileStorage, type PutOptions, type StoredFile, type StoredFileInfo } from './file-storage';

/** Where an S3-compatible bucket is and how to sign in to it (from STORAGE_URL and the usual variables). */
export interface S3Settings {
  bucket: string;
  /** Keys go under this folder of the bucket ('' for the top). */
  prefix: string;
  endpoint?: string;
  region?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  sessionToken?: string;
  /** A request the bucket has not answered in this time fails (StorageFailed), so a hung storage never hangs a request. */
  timeoutMs: number;
}

const DEFAULT_TIMEOUT_SECONDS = 30;

/**
 * `s3://bucket[/prefix]?endpoint=https://…&region=…&timeout=SECONDS`; the credentials come from S3_ACCESS_KEY_ID /
 * S3_SECRET_ACCESS_KEY (or AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN).
 */
export function parseS3Url(storageUrl: string, env: Record<string, string | undefined>): S3Settings {
  const url = new URL(storageUrl);
  if (url.protocol !== 's3:' || !url.hostname) throw new Error('STORAGE_URL must look like s3://bucket/folder?endpoint=https://…&region=…');
  const endpoint = url.searchParams.get('endpoint') ?? env.S3_ENDPOINT ?? env.AWS_ENDPOINT_URL ?? undefined;
  if (endpoint && !/^https?:\/\//.test(endpoint)) throw new Error('STORAGE_URL: endpoint must start with http:// or https://');
  const timeoutSeconds = Number(url.searchParams.get('timeout') ?? DEFAULT_TIMEOUT_SECONDS);
  if (!(timeoutSeconds > 0)) throw new Error('STORAGE_URL: timeout must be a number of seconds above 0');
  return {
    bucket: url.hostname,
    prefix: decodeURIComponent(url.pathname).replace(/^\/+|\/+$/g, ''),
    endpoint,
    region: url.searchParams.get('region') ?? env.S3_REGION ?? env.AWS_REGION ?? undefined,
    accessKeyId: env.S3_ACCESS_KEY_ID ?? env.AWS_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? env.AWS_SECRET_ACCESS_KEY,
    sessionToken: env.S3_SESSION_TOKEN ?? env.AWS_SESSION_TOKEN,
    timeoutMs: timeoutSeconds * 1000,
  };
}

const isMissing = (error: unknown) => (error as { code?: unknown })?.code === 'NoSuchKey';

/**
 * Files as objects in an S3-compatible bucket (AWS, MinIO, R2, ...) through Bun's S3 client, so
 * every replica sees the same files. A put is one PUT of the whole body (read into memory up to
 * its cap: uploads are small), so the bucket never holds part of a file.
 */
export class S3FileStorage implements FileStorage {
  readonly location: string;
  private readonly client: S3Client;
  private readonly prefix: string;
  private readonly timeoutMs: number;

  constructor(settings: S3Settings) {
    const { prefix, timeoutMs, ...options } = settings;
    this.timeoutMs = timeoutMs;
    this.client = new S3Client(options);
    this.prefix = prefix ? `${prefix}/` : '';
    this.location = `s3://${settings.bucket}/${this.prefix}`;
  }

  async put(key: string, body: Uint8Array | ReadableStream<Uint8Array>, options: PutOptions): Promise<StoredFileInfo> {
    const file = this.file(key);
    const bytes = await readCapped(body, options.maxBytes);
    await this.attempt(() => file.write(bytes, { type: options.contentType }));
    return { key, size: bytes.length, lastModified: new Date() };
  }

  async get(key: string): Promise<StoredFile | null> {
    const file = this.file(key);
    const stat = await this.attempt(() => file.stat().catch((error: unknown) => (isMissing(error) ? null : Promise.reject(error))));
    if (!stat) return null;
    return { key, size: stat.size, lastModified: stat.lastModified, contentType: stat.type || null, body: this.watched(file.stream()) };
  }

  exists(key: string): Promise<boolean> {
    const file = this.file(key);
    return this.attempt(() => file.exists());
  }

  async delete(key: string): Promise<void> {
    const file = this.file(key);
    await this.attempt(() => file.delete());
  }

  async *list(): AsyncIterable<StoredFileInfo> {
    for await (const object of this.objects(this.prefix)) {
      const key = object.key.slice(this.prefix.length);
      if (key.includes('/')) continue; // another folder's (a kept set, another tool's)
      yield { key, size: object.size ?? 0, lastModified: new Date(object.lastModified ?? 0) };
    }
  }

  /**
   * Copies every file into the folder `name` beside them (a restore's pre-restore-{time} set, as
   * the data dir keeps its files in that folder). Through this process: a GET and a PUT each.
   */
  async keepCopies(name: string): Promise<void> {
    const folder = `${this.prefix}${checkKey(name)}/`;
    for await (const { key } of this.list()) {
      const stored = await this.get(key);
      if (!stored) continue; // removed meanwhile
      const bytes = new Uint8Array(await new Response(stored.body).arrayBuffer());
      await this.attempt(() => this.client.file(folder + key).write(bytes, { type: stored.contentType ?? undefined }));
    }
  }

  /** Removes the copied folders named `{namePrefix}…` but the newest `keep` (their names sort by time). */
  async removeOlderCopies(namePrefix: string, keep: number): Promise<void> {
    const folders = new Map<string, string[]>();
    for await (const { key } of this.objects(this.prefix + namePrefix)) {
      const folder = key.slice(this.prefix.length).split('/')[0]!;
      folders.set(folder, [...(folders.get(folder) ?? []), key]);
    }
    const older = [...folders.keys()].sort().reverse().slice(keep);
    for (const folder of older) for (const key of folders.get(folder)!) await this.attempt(() => this.client.delete(key));
  }

  /** A put is one request: a failed one leaves nothing in the bucket. */
  async removeAbandoned(): Promise<number> {
    return 0;
  }

  /** Every object whose full key starts with `prefix`, page by page. */
  private async *objects(prefix: string): AsyncIterable<{ key: string; size?: number; lastModified?: string }> {
    let startAfter: string | undefined;
    for (;;) {
      const page = await this.attempt(() => this.client.list({ prefix, startAfter }));
      yield* page.contents ?? [];
      const last = page.contents?.at(-1)?.key;
      if (!page.isTruncated || !last) return;
      startAfter = last;
    }
  }

  /**
   * The body of a download, failing with StorageFailed when the bucket sends nothing for the
   * timeout: a download that stalls half-way through (or before its first byte) never hangs its reader.
   */
  private watched(body: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
    const reader = body.getReader();
    return new ReadableStream<Uint8Array>({
      pull: async (controller) => {
        try {
          const chunk = await this.attempt(() => reader.read());
          if (chunk.done) controller.close();
          else controller.enqueue(chunk.value);
        } catch (error) {
          controller.error(error);
          void reader.cancel().catch(() => undefined);
        }
      },
      cancel: (reason) => reader.cancel(reason),
    });
  }

  private file(key: string): S3File {
    return this.client.file(this.prefix + checkKey(key));
  }

  /** Runs one request; any failure of the bucket (refusal, no answer within the timeout) becomes StorageFailed. */
  private async attempt<T>(request: () => Promise<T>): Promise<T> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${this.timeoutMs} ms`)), this.timeoutMs);
    });
    try {
      return await Promise.race([request(), timeout]);
    } catch (error) {
      throw new StorageFailed('unavailable', this.location, { cause: error });
    } finally {
      clearTimeout(timer);
    }
  }
}
