/**
 * Page views on their way from the request thread to the visitor log's rows thread: a ring of
 * bytes in a SharedArrayBuffer that only the request thread writes and only the rows thread reads.
 * A view costs the request thread a copy of its strings' bytes and leaves no object behind. Kept
 * as JS objects for up to a second instead (strings, arrays, map entries), a flood from new
 * addresses cost the share page about twice as much (measured side by side: 31 % of its requests
 * per second against 13 %), though the code itself took under 2 µs a view.
 *
 * An entry is [byte length n (u32), ms since 1970 (f64), n bytes of "origin\naddress\nuser agent"],
 * padded to 4 bytes. The two counters are bytes written and bytes read since the start (they wrap
 * around 2^32 together); an entry that would not fit before the end leaves a WRAP mark there.
 */

const WRITTEN = 0;
const READ = 1;
const COUNTERS_BYTES = 8;
const ENTRY_HEAD = 12;
const WRAP = 0xffffffff;
/** The longest entry: a view with a longer origin (a Host header of kilobytes) is not queued. */
const MAX_TEXT_BYTES = 4096;

const padded = (bytes: number) => (bytes + 3) & ~3;
const encoder = new TextEncoder();

export class PageViewRing {
  private readonly counters: Int32Array;
  private readonly view: DataView;
  private readonly bytes: Uint8Array;
  private readonly capacity: number;
  /** The request thread's text before it is copied in (a Uint8Array of the ring cannot be encoded into without knowing the length first). */
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

  /** Half the ring: the writer asks for it to be read once this much waits. */
  get halfFull(): boolean {
    return this.usedBytes >= this.capacity >> 1;
  }

  /** Writer: queues a view; false (nothing queued) when the ring is full or the view's text too long. */
  push(at: number, origin: string, ip: string, userAgent: string): boolean {
    const length = this.encode(origin, ip, userAgent);
    if (length < 0) return false;
    const size = padded(ENTRY_HEAD + length);
    const written = Atomics.load(this.counters, WRITTEN);
    let at0 = written & (this.capacity - 1);
    const pad = this.capacity - at0 < size ? this.capacity - at0 : 0;
    if (this.usedBytes + pad + size > this.capacity) return false;
    if (pad > 0) {
      this.view.setUint32(at0, WRAP, true);
      at0 = 0;
    }
    this.view.setUint32(at0, length, true);
    this.view.setFloat64(at0 + 4, at, true);
    this.bytes.set(this.scratch.subarray(0, length), at0 + ENTRY_HEAD);
    Atomics.store(this.counters, WRITTEN, (written + pad + size) | 0);
    return true;
  }

  /** Reader: hands each queued view to `each` (its time and "origin\naddress\nuser agent"), oldest first, and frees their room. */
  drain(each: (at: number, visitor: string) => void): void {
    const written = Atomics.load(this.counters, WRITTEN);
    let read = Atomics.load(this.counters, READ);
    while (read !== written) {
      const start = read & (this.capacity - 1);
      const length = this.view.getUint32(start, true);
      if (length === WRAP) {
        read = (read + this.capacity - start) | 0;
        continue;
      }
      each(this.view.getFloat64(start + 4, true), this.decoder.decode(this.bytes.subarray(start + ENTRY_HEAD, start + ENTRY_HEAD + length)));
      read = (read + padded(ENTRY_HEAD + length)) | 0;
    }
    Atomics.store(this.counters, READ, read);
  }

  /** The view's text into the scratch buffer: its length in bytes, or -1 if it does not fit. */
  private encode(origin: string, ip: string, userAgent: string): number {
    return this.append(userAgent, this.append(ip, this.append(origin, 0, false), true), true);
  }

  /** `text` (after a "\n" if `separated`) written at `at` of the scratch buffer: where it ends, or -1 if it does not fit (or `at` is -1). */
  private append(text: string, at: number, separated: boolean): number {
    if (at < 0) return -1;
    let end = at;
    if (separated) {
      if (end === this.scratch.length) return -1;
      this.scratch[end++] = 10;
    }
    const { read, written } = encoder.encodeInto(text, this.scratch.subarray(end));
    return read < text.length ? -1 : end + written;
  }
}
