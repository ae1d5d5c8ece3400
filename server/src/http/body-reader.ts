import { unlink } from 'node:fs/promises';
import { invalid, storageFull, tooLarge, type ErrorKey } from '../domain/errors';

/** The codes of a full disk (or disk quota): the file system's, and SQLite's for its file. */
const DISK_FULL_CODES = new Set<unknown>(['ENOSPC', 'EDQUOT', 'SQLITE_FULL']);
/** PostgreSQL's disk_full SQLSTATE (Bun's client gives it as `errno`). */
const POSTGRES_DISK_FULL = '53100';

/** Whether a write failed because the disk (or the user's disk quota) is full: a file's write or the database's (causes included). */
export function isDiskFull(error: unknown): boolean {
  for (let current = error as { code?: unknown; errno?: unknown; cause?: unknown } | null, depth = 0; current && depth < 5; current = current.cause as typeof current, depth++) {
    if (DISK_FULL_CODES.has(current.code) || current.errno === POSTGRES_DISK_FULL) return true;
  }
  return false;
}

/** The refusal when the disk cannot take a write (ENOSPC, EDQUOT): nothing half-written stays behind. */
export const insufficientStorage = () => storageFull('diskFull');

/**
 * Reads the whole body, counting bytes as they arrive (chunked bodies too) and stopping at
 * `cap`: past it the rest is never read and the answer is 413 with `tooLargeText`.
 */
export async function readBodyLimited(request: Request, cap: number, tooLargeText: ErrorKey): Promise<Uint8Array> {
  if (!request.body) return new Uint8Array(0);
  // A body framed by a Content-Length within the cap cannot run past it (no Transfer-Encoding,
  // which would override it): read whole, without the stream's per-chunk reads (a twentieth of a purchase's CPU).
  if (Number(request.headers.get('content-length') ?? Infinity) <= cap && !request.headers.has('transfer-encoding')) return request.bytes();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of limitedChunks(request.body, cap, tooLargeText)) {
    chunks.push(chunk);
    total += chunk.byteLength;
  }
  return Buffer.concat(chunks, total);
}

/**
 * Streams the body into `file` without holding it in memory, cut at `cap` like readBodyLimited.
 * On any failure the partial file is removed; a full disk answers 507. Returns the bytes written.
 */
export async function streamToFile(request: Request, file: string, cap: number, tooLargeText: ErrorKey): Promise<number> {
  const writer = Bun.file(file).writer();
  let total = 0;
  try {
    if (request.body) {
      for await (const chunk of limitedChunks(request.body, cap, tooLargeText)) {
        writer.write(chunk);
        total += chunk.byteLength;
        await writer.flush();
      }
    }
    await writer.end();
    return total;
  } catch (error) {
    await Promise.resolve(writer.end()).catch(() => undefined);
    await unlink(file).catch(() => undefined);
    throw isDiskFull(error) ? insufficientStorage() : error;
  }
}

/**
 * Past the cap, at most this much more is read (and dropped) before the connection closes, so a
 * client that overshot a little gets the 413 instead of a reset; a hostile stream is cut there.
 * Kept short and one connection at a time: while a connection lingers the server keeps taking that
 * sender's data: at 250 ms each, 4–8 hostile senders would hold 300–450 MiB of it.
 */
const LINGER_BYTES = 256 * 1024;
const LINGER_MS = 50;
let lingering = false;

/** One read of a body: Bun's and Node's stream typings each name their own reader, alike in this. */
type ChunkRead = { done: true } | { done: false; value: Uint8Array };

async function* limitedChunks(body: ReadableStream<Uint8Array>, cap: number, tooLargeText: ErrorKey): AsyncGenerator<Uint8Array> {
  const reader = body.getReader();
  let total = 0;
  try {
    for (let next = await reader.read(); !next.done; next = await reader.read()) {
      total += next.value.byteLength;
      if (total > cap) {
        await linger(reader);
        throw tooLarge(tooLargeText);
      }
      yield next.value;
    }
  } finally {
    // Stops reading what is left: the connection is dropped rather than drained.
    await reader.cancel().catch(() => undefined);
  }
}

async function linger(reader: { read(): Promise<ChunkRead> }): Promise<void> {
  if (lingering) return;
  lingering = true;
  try {
    const deadline = Bun.sleep(LINGER_MS).then(() => 'late' as const);
    for (let dropped = 0; dropped < LINGER_BYTES; ) {
      const next = await Promise.race([reader.read(), deadline]);
      if (next === 'late' || next.done) return;
      dropped += next.value.byteLength;
    }
  } finally {
    lingering = false;
  }
}

/** A body read by readBodyLimited, parsed the way its Content-Type says (what Elysia's parsers would give). */
export async function parseBody(bytes: Uint8Array, contentType: string, fullContentType: string): Promise<unknown> {
  if (bytes.byteLength === 0) return null;
  switch (contentType) {
    case 'application/json':
      try {
        return JSON.parse(new TextDecoder().decode(bytes));
      } catch {
        throw invalid('bodyNotJson');
      }
    case 'multipart/form-data':
      return formFields(await new Response(bytes as Uint8Array<ArrayBuffer>, { headers: { 'content-type': fullContentType } }).formData().catch(() => {
        throw invalid('formUnreadable');
      }));
    case 'application/x-www-form-urlencoded':
      return Object.fromEntries(new URLSearchParams(new TextDecoder().decode(bytes)));
    case 'application/octet-stream':
      return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
    default:
      return contentType.startsWith('text/') ? new TextDecoder().decode(bytes) : null;
  }
}

/** Form fields as an object: one value per name, or an array when a name repeats. */
function formFields(form: { keys(): Iterable<string>; getAll(name: string): unknown[] }): Record<string, unknown> {
  const fields: Record<string, unknown> = Object.create(null);
  for (const name of new Set(form.keys())) {
    const values = form.getAll(name);
    fields[name] = values.length === 1 ? values[0] : values;
  }
  return fields;
}
