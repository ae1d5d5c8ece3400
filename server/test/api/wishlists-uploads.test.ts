import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../support/api-client';
import { startTestServer, type TestServer } from '../support/test-server';
import { guestWithList, signUp, type Account } from '../support/wishlists';

let server: TestServer;
let account: Account;

beforeAll(async () => {
  server = await startTestServer();
  account = await signUp(server.url, 'Uploader');
});
afterAll(() => server.stop());

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(parts.flatMap((part) => (typeof part === 'string' ? [...part].map((c) => c.charCodeAt(0)) : part)));

const images = {
  png: { bytes: bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'rest of a png'), type: 'image/png' },
  jpg: { bytes: bytes([0xff, 0xd8, 0xff, 0xe0], 'rest of a jpeg'), type: 'image/jpeg' },
  gif: { bytes: bytes('GIF89a', 'rest of a gif'), type: 'image/gif' },
  webp: { bytes: bytes('RIFF', [0x10, 0, 0, 0], 'WEBPVP8 ', 'rest'), type: 'image/webp' },
};

function upload(client: ApiClient, content: BlobPart, fileName: string, declaredType: string) {
  const form = new FormData();
  form.append('image', new Blob([content], { type: declaredType }), fileName);
  return client.call('POST', '/upload', undefined, { raw: form });
}

describe('POST /upload', () => {
  it.each(Object.entries(images))('stores a %s under a random name and serves it with the sniffed type', async (extension, image) => {
    const res = await upload(account.client, image.bytes, `holiday.${extension}`, 'application/octet-stream');
    expect(res.status).toBe(200);
    expect(res.body.url).toMatch(new RegExp(`^/uploads/[A-Za-z0-9_-]{22}\\.${extension}$`));
    const served = await fetch(server.url + res.body.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe(image.type);
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('cache-control')).toContain('max-age=31536000');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(image.bytes);
  });

  it('refuses HTML or SVG files dressed up as images', async () => {
    const html = await upload(account.client, '<html><script>alert(1)</script></html>', 'cat.png', 'image/png');
    expect(html.status).toBe(422);
    expect(html.body.message).toBe('Only JPEG, PNG, WebP or GIF images can be uploaded.');
    const svg = await upload(account.client, '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', 'cat.svg', 'image/svg+xml');
    expect(svg.status).toBe(422);
  });

  it("refuses an image over 10MB with the spec's message", async () => {
    const justOver = new Uint8Array(10 * 1024 * 1024 + 1);
    justOver.set(images.png.bytes);
    const res = await upload(account.client, justOver, 'big.png', 'image/png');
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('Image cannot be larger than 10MB');
    const huge = await upload(account.client, new Uint8Array(12 * 1024 * 1024), 'huge.png', 'image/png');
    expect(huge.status).toBe(413);
    expect(huge.body.message).toBe('Image cannot be larger than 10MB');
  });

  it('lets a guest holding a list capability upload a cover, and nobody anonymous', async () => {
    const { client } = await guestWithList(server.url);
    expect((await upload(client, images.png.bytes, 'cover.png', 'image/png')).status).toBe(200);
    const anonymous = new ApiClient(server.url);
    await anonymous.get('/health'); // the XSRF cookie a browser would hold
    expect((await upload(anonymous, images.png.bytes, 'cover.png', 'image/png')).status).toBe(401);
  });

  it('answers 404 for unknown or malformed file names, never a file outside the uploads folder', async () => {
    for (const name of ['AAAAAAAAAAAAAAAAAAAAAA.png', 'wishwell.db', '..%2Fwishwell.db', '..%2F..%2Fetc%2Fpasswd', 'x.svg']) {
      const res = await fetch(`${server.url}/uploads/${name}`);
      expect(res.status).toBe(404);
    }
  });
});
