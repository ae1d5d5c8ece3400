import type { Page } from 'puppeteer-core';
import { sniffImage } from '../uploads/sniff';
import type { FetchedImage } from './fetch-image';
import { scaleInPage } from '../../in-page/scale-image';
import { imageSize } from './image-size';

/**
 * Longest side of a stored copy. The pages show an item's picture in a 112 px square, cropped
 * to fill (84 px on phones): 800 px fills it at 3x even for a picture twice as wide as it is high.
 */
export const MAX_IMAGE_SIDE = 800;
const WEBP_QUALITY = 0.85;

/** Runs work on a blank page of the shared headless browser (BrowserPool.onBlankPage). */
export type OnBlankPage = <T>(work: (page: Page) => Promise<T>) => Promise<T>;

/**
 * An image larger than MAX_IMAGE_SIDE scaled down to it and encoded as WebP; null when it is
 * not larger (kept as sent) or is a GIF (it may be animated). Decoding and encoding happen in
 * the headless browser the scraper already uses (its image decoders are a browser's, hardened
 * for hostile input, and out of our process), so no image library is added to the binary.
 * A picture whose header says it is no larger never reaches the browser (most shop images:
 * no browser started, no page, no decode). Throws when the browser cannot decode the bytes.
 */
export async function shrinkImage(image: FetchedImage, onBlankPage: OnBlankPage): Promise<FetchedImage | null> {
  if (image.type.extension === 'gif') return null;
  const stated = imageSize(image.bytes);
  if (stated && Math.max(stated.width, stated.height) <= MAX_IMAGE_SIDE) return null;
  const scaled = await onBlankPage((page) =>
    page.evaluate(scaleInPage, { base64: Buffer.from(image.bytes).toString('base64'), contentType: image.type.contentType, maxSide: MAX_IMAGE_SIDE, quality: WEBP_QUALITY }),
  );
  if (scaled === null) return null;
  const bytes = new Uint8Array(Buffer.from(scaled, 'base64'));
  const type = sniffImage(bytes);
  if (type?.extension !== 'webp') throw new Error('the browser did not encode a WebP image');
  return { bytes, type };
}
