/**
 * Page views on their way from the request thread to the visitor log's rows thread: a ring of
 * bytes in a SharedArrayBuffer that only the request thread writes and only the rows thread reads.
 * A view costs the request thread a copy of its strings' bytes and leaves no object behind: objects
 * kept for up to a second (strings, arrays, map entries) would be garbage the collector walks on
 * the request thread, and in a flood from new addresses that, not the logging code, is what
 * would slow the pages.
 *
 * An entry is [byte length n (u32), views (u32), ms since 1970 of the first (f64), n bytes of
 * "origin\naddress\nuser agent"], padded to 4 bytes. The two counters are bytes written and bytes read since the start (they wrap
 * around 2^32 together); an entry that would not fit before the end leaves a WRAP mark there.
 */

const WRITTEN = 0;
const READ = 1;
const COUNTERS_BYTES = 8;
const ENTRY_HEAD = 16;
const WRAP = 0xffffffff;
/** The longest text: a view with a longer origin (a Host header of kilobytes) is not queued. */
const MAX_TEXT_BYTES = 4096;

const padded = (bytes: number) => (bytes + 3) & ~3;

/** A visitor as the ring carries it: "origin\naddress\nuser agent" (written by page-views.ts, read by page-view-rows.ts). */
export const visitorText = (origin: string, ip: string, userAgent: string) => `${origin}\n${ip}\n${userAgent}`;

/** The origin, address and user agent of a visitorText. */
export function visitorOf(text: string): [origin: string, ip: string, userAgent: string] {
  const [origin = '', ip = '', userAgent = ''] = text.split('\n');
  return [origin, ip, userAgent];
}
const encoder = new TextEncoder();

export class PageViewRing {
  private readonly counters: Int32Array;
  private readonly view: DataView;
  private readonly bytes: Uint8Array;
  private readonly capacity: number;
  /** The writer's text before it is copied in (its length in bytes is known only once encoded). */
  private readonly scratch = new Uint8Array(MAX_TEXT_BYTES);
  private readonly decoder = new TextDecoder();

  /** A ring of `capacity` bytes (a power of two, so the counters' wrap-around lands on its start). */
  static create(capacity: number): PageViewRing {
    if (capacity & (capacity - 1) || capacity < 4 * MAX_TEXT_BYTES) throw new Error(`a page view ring needs a power of two of at least ${4 * MAX_TEXT_BYTES} bytes`);
    return new PageViewRing(new SharedArrayBuffer(COUNTERS_BYTES + capacity));
  }

  /** The ring in `buffer`, shared with the other thread (see create). */
  constructor(readonly buffer: SharedArrayBuffer) {
    this.counters = new Int32Array(buffer, 0, 2);
    this.capacity = buffer.byteLength - COUNTERS_BYTES;
    this.view = new DataView(buffer, COUNTERS_BYTES);
    this.bytes = new Uint8Array(buffer, COUNTERS_BYTES);
  }

  /** Bytes written and not read yet. */
  get usedBytes(): number {
    return (Atomics.load(this.counters, WRITTEN) - Atomics.load(this.counters, READ)) | 0;
  }

  /** Writer: queues `views` views of `visitor` ("origin\naddress\nuser agent"); false (nothing queued) when the ring is full or the text too long. */
  push(at: number, visitor: string, views: number): boolean {
    const { read, written: length } = encoder.encodeInto(visitor, this.scratch);
    if (read < visitor.length) return false;
    const size = padded(ENTRY_HEAD + length);
    const written = Atomics.load(this.counters, WRITTEN);
    let start = written & (this.capacity - 1);
    const pad = this.capacity - start < size ? this.capacity - start : 0;
    if (((written - Atomics.load(this.counters, READ)) | 0) + pad + size > this.capacity) return false;
    if (pad > 0) {
      this.view.setUint32(start, WRAP, true);
      start = 0;
    }
    this.view.setUint32(start, length, true);
    this.view.setUint32(start + 4, views, true);
    this.view.setFloat64(start + 8, at, true);
    this.bytes.set(this.scratch.subarray(0, length), start + ENTRY_HEAD);
    Atomics.store(this.counters, WRITTEN, (written + pad + size) | 0);
    return true;
  }

  /** Reader: hands each queued entry to `each` (as pushed), oldest first, and frees their room. */
  drain(each: (at: number, visitor: string, views: number) => void): void {
    const written = Atomics.load(this.counters, WRITTEN);
    let read = Atomics.load(this.counters, READ);
    while (read !== written) {
      const start = read & (this.capacity - 1);
      const length = this.view.getUint32(start, true);
      if (length === WRAP) {
        read = (read + this.capacity - start) | 0;
        continue;
      }
      const visitor = this.decoder.decode(this.bytes.subarray(start + ENTRY_HEAD, start + ENTRY_HEAD + length));
      each(this.view.getFloat64(start + 8, true), visitor, this.view.getUint32(start + 4, true));
      read = (read + padded(ENTRY_HEAD + length)) | 0;
    }
    Atomics.store(this.counters, READ, read);
  }
}
