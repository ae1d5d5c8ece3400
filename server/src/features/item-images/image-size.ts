export interface ImageSize {
  width: number;
  height: number;
}

/** JPEG start-of-frame markers (baseline, progressive, lossless, arithmetic): not C4, C8 or CC. */
const START_OF_FRAME = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

/**
 * An image's width and height as its header states them (JPEG, PNG or WebP), read without
 * decoding it; null when the header cannot say (another format, or cut short). What the header
 * says is not checked against the pixels: it only spares the browser a picture that needs no scaling.
 */
export function imageSize(bytes: Uint8Array): ImageSize | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  try {
    if (bytes[0] === 0xff && bytes[1] === 0xd8) return jpegSize(view);
    if (bytes[0] === 0x89 && text(bytes, 1, 3) === 'PNG' && text(bytes, 12, 4) === 'IHDR') return { width: view.getUint32(16), height: view.getUint32(20) };
    if (text(bytes, 0, 4) === 'RIFF' && text(bytes, 8, 4) === 'WEBP') return webpSize(bytes, view);
  } catch (error) {
    if (!(error instanceof RangeError)) throw error; // a header cut short: read past the end
  }
  return null;
}

const text = (bytes: Uint8Array, offset: number, length: number) => String.fromCharCode(...bytes.subarray(offset, offset + length));

/** Walks the JPEG's marker segments to its start-of-frame segment, which holds the size. */
function jpegSize(view: DataView): ImageSize | null {
  let offset = 2;
  for (;;) {
    if (view.getUint8(offset) !== 0xff) return null;
    const marker = view.getUint8(offset + 1);
    if (marker === 0xff) {
      offset++; // a fill byte
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null; // end of image or start of scan, no frame before it
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2; // markers without a length
      continue;
    }
    if (START_OF_FRAME.has(marker)) return { width: view.getUint16(offset + 7), height: view.getUint16(offset + 5) };
    offset += 2 + view.getUint16(offset + 2);
  }
}

/** The size from a WebP's first chunk: lossy (VP8), lossless (VP8L) or extended (VP8X). */
function webpSize(bytes: Uint8Array, view: DataView): ImageSize | null {
  const chunk = text(bytes, 12, 4);
  if (chunk === 'VP8 ') return { width: view.getUint16(26, true) & 0x3fff, height: view.getUint16(28, true) & 0x3fff };
  if (chunk === 'VP8L') {
    const bits = view.getUint32(21, true);
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X') return { width: (view.getUint32(24, true) & 0xffffff) + 1, height: (view.getUint32(27, true) & 0xffffff) + 1 };
  return null;
}
