import type { Page } from 'puppeteer-core';
import { sniffImage } from '../uploads/sniff';
import type { FetchedImage } from './fetch-image';

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
 * Throws when the browser cannot decode the bytes.
 */
export async function shrinkImage(image: FetchedImage, onBlankPage: OnBlankPage): Promise<FetchedImage | null> {
  if (image.type.extension === 'gif') return null;
  const scaled = await onBlankPage((page) =>
    page.evaluate(scaleInPage, { base64: Buffer.from(image.bytes).toString('base64'), contentType: image.type.contentType, maxSide: MAX_IMAGE_SIDE, quality: WEBP_QUALITY }),
  );
  if (scaled === null) return null;
  const bytes = new Uint8Array(Buffer.from(scaled, 'base64'));
  const type = sniffImage(bytes);
  if (type?.extension !== 'webp') throw new Error('the browser did not encode a WebP image');
  return { bytes, type };
}

interface ScaleRequest {
  base64: string;
  contentType: string;
  maxSide: number;
  quality: number;
}

/** Runs in the page: the image's WebP scaled to maxSide (base64), or null when it is no larger. */
async function scaleInPage({ base64, contentType, maxSide, quality }: ScaleRequest): Promise<string | null> {
  const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
  const bitmap = await createImageBitmap(new Blob([bytes], { type: contentType }));
  const scale = maxSide / Math.max(bitmap.width, bitmap.height);
  if (scale >= 1) return null;
  const canvas = new OffscreenCanvas(Math.max(1, Math.round(bitmap.width * scale)), Math.max(1, Math.round(bitmap.height * scale)));
  const context = canvas.getContext('2d')!;
  context.imageSmoothingQuality = 'high';
  context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  const webp = new Uint8Array(await (await canvas.convertToBlob({ type: 'image/webp', quality })).arrayBuffer());
  let binary = '';
  for (let start = 0; start < webp.length; start += 0x8000) binary += String.fromCharCode(...webp.subarray(start, start + 0x8000));
  return btoa(binary);
}
