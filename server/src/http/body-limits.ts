import type { ErrorKey } from '../domain/errors';
import type { RateLimitRule } from '../limits/rate-limit';

/**
 * Largest request body per route: checked against Content-Length before the body is read, and
 * counted while it is read (chunked bodies too; see body-reader.ts).
 */
const MiB = 1024 * 1024;
export const JSON_BODY_LIMIT = 1 * MiB;
export const UPLOAD_BODY_LIMIT = 11 * MiB; // a 10 MB image plus multipart framing
/** A product page the user's browser captured, scripts stripped (POST /scrape/page). */
export const CAPTURE_BODY_LIMIT = 4 * MiB;
export const RESTORE_BODY_LIMIT = 512 * MiB;
/** Bun's own cap for any body: the restore route's, the only one larger than an upload. */
export const SERVER_BODY_LIMIT = RESTORE_BODY_LIMIT;

/**
 * Routes whose handler streams the body itself (to disk, with streamToFile) after its access
 * policy passed: the pipeline leaves their body unread.
 */
export const STREAMED_BODY_PATHS: ReadonlySet<string> = new Set(['/api/v1/admin/restore']);

/**
 * Bodies cut at their route's cap, per client address: past this many in a minute, the address's
 * bodies without a Content-Length (chunked) are refused with 429 before a byte is read. A cut body
 * is read up to its cap first, and that is garbage the server holds until it collects (four
 * senders of chunked 100 MB bodies keep ~70 MB of it); refused unread they cost next to nothing.
 * Browsers send a Content-Length with every body, so they never meet this.
 */
export const CUT_BODIES_PER_IP: RateLimitRule = { limit: 5, windowMs: 60_000, text: 'tooLarge', scope: 'bodies cut at their cap' };

const CAPTURE_PATH = '/api/v1/scrape/page';

/** The 413's text for a body over its route's limit (an oversized cover image in the spec's wording, section 5). */
export function tooLargeTextFor(path: string): ErrorKey {
  if (path === '/api/v1/upload') return 'imageTooLarge';
  if (path === CAPTURE_PATH) return 'capturedPageTooLarge';
  return 'tooLarge';
}

export function bodyLimitFor(path: string): number {
  if (path === '/api/v1/admin/restore') return RESTORE_BODY_LIMIT;
  if (path === '/api/v1/upload') return UPLOAD_BODY_LIMIT;
  if (path === CAPTURE_PATH) return CAPTURE_BODY_LIMIT;
  return JSON_BODY_LIMIT;
}
