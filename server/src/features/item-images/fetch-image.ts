import { IMAGE_UPLOAD_LIMIT_BYTES } from '@wishwell/shared/constants';
import { guardedFetch } from '../scrape/guarded-fetch';
import type { UrlPolicy } from '../scrape/url-guard';
import { sniffImage, type SniffedImage } from '../uploads/sniff';

/** How long a shop's image may take, redirects included. */
export const IMAGE_FETCH_TIMEOUT_MS = 10_000;
const USER_AGENT = 'Mozilla/5.0 (compatible; Wishwell image copy; +https://github.com/wishwell)';

/** The shop's answers that may be different later: Request Timeout, Too Many Requests (and any 5xx). */
const MAY_PASS = new Set([408, 429]);

/** The image at that address cannot be copied, and trying again would not change that. */
export class ImageNotCopyable extends Error {}

export interface FetchedImage {
  bytes: Uint8Array;
  type: SniffedImage;
}

/**
 * A shop's image through the scraper's SSRF-safe fetch (every redirect and DNS answer checked),
 * at most the upload size, judged by its bytes: JPEG, PNG, WebP or GIF, whatever the shop says.
 * Throws with a reason otherwise: ImageNotCopyable (or the guard's ScrapeRefused) when retrying cannot help.
 * `cancel` cuts the fetch short (the server stopping).
 */
export async function fetchImage(url: string, policy: UrlPolicy, cancel?: AbortSignal): Promise<FetchedImage> {
  const timeout = AbortSignal.timeout(IMAGE_FETCH_TIMEOUT_MS);
  const answer = await guardedFetch(url, {
    policy,
    userAgent: USER_AGENT,
    signal: cancel ? AbortSignal.any([timeout, cancel]) : timeout,
    headers: { accept: 'image/webp,image/png,image/jpeg,image/gif;q=0.9,*/*;q=0.1' },
    maxBytes: IMAGE_UPLOAD_LIMIT_BYTES,
  });
  if (answer.status !== 200) {
    const message = `the shop answered ${answer.status}`;
    throw MAY_PASS.has(answer.status) || answer.status >= 500 ? new Error(message) : new ImageNotCopyable(message);
  }
  if (answer.truncated) throw new ImageNotCopyable(`the image is larger than ${IMAGE_UPLOAD_LIMIT_BYTES / (1024 * 1024)} MB`);
  const type = sniffImage(answer.body);
  if (!type) throw new ImageNotCopyable('not a JPEG, PNG, WebP or GIF image');
  return { bytes: new Uint8Array(answer.body), type };
}
