import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { imageSize } from '../../src/features/item-images/image-size';
import { shrinkImage } from '../../src/features/item-images/shrink';
import { sniffImage } from '../../src/features/uploads/sniff';

// A shop image's copy is scaled in the headless browser only when it is larger than 800 px; the
// size its header states decides that without the browser (starting it and decoding on a page
// cost a second of a core for each small picture). The images are the API tests' fixtures.
const fixture = (name: string) => new Uint8Array(readFileSync(join(import.meta.dirname, '..', 'fixtures', 'images', name)));
const PHOTO = fixture('photo.jpg'); // progressive JPEG, 493 x 312
const LOGO = fixture('logo.png'); // 304 x 84
const LARGE = fixture('large.jpg'); // baseline JPEG, 1600 x 1000

/** A WebP file of just its first chunk's header. */
function webp(chunk: string, header: number[]): Uint8Array {
  const bytes = new Uint8Array(40);
  bytes.set([...'RIFF'].map((char) => char.charCodeAt(0)));
  bytes.set([...`WEBP${chunk}`].map((char) => char.charCodeAt(0)), 8);
  bytes.set(header, 20);
  return bytes;
}

describe("an image's stated size", () => {
  it('is read from JPEG (baseline and progressive), PNG and WebP headers', () => {
    expect(imageSize(PHOTO)).toEqual({ width: 493, height: 312 });
    expect(imageSize(LARGE)).toEqual({ width: 1600, height: 1000 });
    expect(imageSize(LOGO)).toEqual({ width: 304, height: 84 });
    // Lossy: frame tag, start code 9d 01 2a, then 14-bit width and height.
    expect(imageSize(webp('VP8 ', [0, 0, 0, 0x9d, 0x01, 0x2a, 0x20, 0x03, 0xf4, 0x01]))).toEqual({ width: 800, height: 500 });
    // Lossless: signature 2f, then width - 1 and height - 1 in 14 bits each.
    const bits = 799 | (499 << 14);
    expect(imageSize(webp('VP8L', [0x2f, bits & 0xff, (bits >> 8) & 0xff, (bits >> 16) & 0xff, bits >>> 24]))).toEqual({ width: 800, height: 500 });
    // Extended: flags and reserved bytes, then width - 1 and height - 1 in 24 bits each.
    expect(imageSize(webp('VP8X', [0, 0, 0, 0, 0x1f, 0x03, 0x00, 0xf3, 0x01, 0x00]))).toEqual({ width: 800, height: 500 });
  });

  it('is unknown for a header cut short, a JPEG with no frame before its data, and other formats', () => {
    expect(imageSize(PHOTO.subarray(0, 40))).toBeNull();
    expect(imageSize(LOGO.subarray(0, 20))).toBeNull();
    expect(imageSize(new Uint8Array([0xff, 0xd8, 0xff, 0xda, 0x00, 0x02]))).toBeNull();
    expect(imageSize(new TextEncoder().encode('GIF89a\x01\x00\x01\x00'))).toBeNull();
    expect(imageSize(new TextEncoder().encode('<html>not an image</html>'))).toBeNull();
  });
});

describe('shrinking a copy', () => {
  const noBrowser = () => Promise.reject(new Error('the browser was asked'));

  it('keeps a picture no larger than 800 px as sent without asking the browser', async () => {
    for (const bytes of [PHOTO, LOGO]) expect(await shrinkImage({ bytes, type: sniffImage(bytes)! }, noBrowser)).toBeNull();
  });

  it('asks the browser for a larger picture, and for one whose header states no size', async () => {
    await expect(shrinkImage({ bytes: LARGE, type: sniffImage(LARGE)! }, noBrowser)).rejects.toThrow('the browser was asked');
    const cut = PHOTO.subarray(0, 40);
    await expect(shrinkImage({ bytes: cut, type: sniffImage(cut)! }, noBrowser)).rejects.toThrow('the browser was asked');
  });
});
