import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WISHLIST_THEMES } from '@wishwell/shared/constants';
import type { Wishlist } from '@wishwell/shared/wishlist-types';
import { startTestServer, type TestServer } from '../support/test-server';
import { addItem, signUp } from '../support/wishlists';

// Link-preview bots (WhatsApp, iMessage, Slack) run no script: the HTML the server sends for a
// shared list must already carry its name, owner, cover and item count.

let server: TestServer;

const PUBLIC_URL = 'https://wishes.example';

beforeAll(async () => {
  server = await startTestServer({ PUBLIC_URL });
});
afterAll(() => server.stop());

/** The HTML a bot gets, as a plain fetch without cookies or script. */
async function sharePage(listId: string): Promise<{ status: number; html: string; headers: Headers }> {
  const res = await fetch(`${server.url}/share/wishlist/${listId}`, { headers: { 'user-agent': 'WhatsApp/2.23', 'accept-encoding': 'gzip' } });
  return { status: res.status, html: await res.text(), headers: res.headers };
}

const meta = (html: string, key: string) => html.match(new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)">`))?.[1];

describe('shared list link previews', () => {
  it('carry the list name, owner, item count and an absolute cover URL, escaped, and follow changes', async () => {
    const owner = await signUp(server.url, 'Zoë');
    const list = (await owner.client.post<Wishlist>('/wishlists', { name: 'Birthday <3 & "cake"', theme: 'Birthday' })).body;
    await addItem(owner.client, list._id, { title: 'Kite', price: '12' });
    await addItem(owner.client, list._id, { title: 'Book', price: '8' });

    const first = await sharePage(list._id);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toContain('text/html');
    expect(first.headers.get('cache-control')).toBe('no-cache');
    expect(first.html).toContain('<title>Birthday &lt;3 &amp; &quot;cake&quot; – Zoë&#39;s wishlist</title>');
    expect(meta(first.html, 'og:title')).toBe('Birthday &lt;3 &amp; &quot;cake&quot; – Zoë&#39;s wishlist');
    expect(meta(first.html, 'og:description')).toBe('2 gifts still wanted on Zoë&#39;s wish list. Mark what you buy so nobody buys it twice.');
    expect(meta(first.html, 'og:image')).toMatch(new RegExp(`^${server.url}/share/wishlist/${list._id}/preview\\.png\\?v=\\w+$`));
    expect(meta(first.html, 'twitter:image')).toBe(meta(first.html, 'og:image'));
    expect(meta(first.html, 'og:url')).toBe(`${server.url}/share/wishlist/${list._id}`);
    expect(meta(first.html, 'twitter:card')).toBe('summary_large_image');
    expect(meta(first.html, 'og:site_name')).toBe('Wishwell');
    expect(first.html.match(/<title>/g)).toHaveLength(1);
    expect(first.html).toContain('<div id="root">'); // still the app for people

    await addItem(owner.client, list._id, { title: 'Scarf' });
    expect(meta((await sharePage(list._id)).html, 'og:description')).toMatch(/^3 gifts still wanted/);
  });

  it('have every theme cover as a 1200x630 PNG (link previews show no SVG)', async () => {
    for (const theme of WISHLIST_THEMES) {
      const res = await fetch(`${server.url}/previews/${theme.toLowerCase().replace(/\s+/g, '-')}.png`, { headers: { 'user-agent': 'WhatsApp/2.23' } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      const png = Buffer.from(await res.arrayBuffer());
      expect(png.subarray(1, 4).toString()).toBe('PNG');
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]); // IHDR width, height
    }
  });

  it('show the list\'s name and the brand in an image drawn once per look of the list, cached, whatever the name holds', async () => {
    const owner = await signUp(server.url, 'Kenji');
    const first = (await owner.client.post<Wishlist>('/wishlists', { name: '誕生日のほしいもの 🎂 ' + 'とても長い名前'.repeat(12), theme: 'Birthday' })).body;
    const second = (await owner.client.post<Wishlist>('/wishlists', { name: 'Camping <gear> & "more"', theme: 'Birthday' })).body;
    const imageOf = async (listId: string) => {
      const url = meta((await sharePage(listId)).html, 'og:image')!.replaceAll('&amp;', '&');
      const res = await fetch(url, { headers: { 'user-agent': 'WhatsApp/2.23' } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      expect(res.headers.get('cache-control')).toBe('public, max-age=86400');
      const png = Buffer.from(await res.arrayBuffer());
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
      return { url, png };
    };
    const drawn = () => server.output().split('\n').filter((line) => line.includes('"event":"preview.rendered"')).length;

    const a = await imageOf(first._id);
    const b = await imageOf(second._id);
    expect(b.url).not.toBe(a.url);
    expect(b.png.equals(a.png)).toBe(false);
    const before = drawn();
    // Items and claims change the page, not the image: it is not drawn again.
    await addItem(owner.client, first._id, { title: 'Kite' });
    expect((await imageOf(first._id)).png.equals(a.png)).toBe(true);
    expect(drawn()).toBe(before);

    expect((await owner.client.put(`/wishlists/${first._id}`, { name: 'Renamed' })).status).toBe(200);
    const renamed = await imageOf(first._id);
    expect(renamed.url).not.toBe(a.url);
    expect(renamed.png.equals(a.png)).toBe(false);
    expect(drawn()).toBe(before + 1);
    expect((await fetch(`${server.url}/share/wishlist/no-such-list/preview.png`)).status).toBe(404);
  });

  it('are rendered once for all the hosts and ports that are not ours (the Host header is the client\u2019s to write), their links at PUBLIC_URL; the landing page once per domain config', async () => {
    const owner = await signUp(server.url, 'Hosts');
    const list = (await owner.client.post<Wishlist>('/wishlists', { name: 'Many hosts', theme: 'Birthday' })).body;
    const path = `/share/wishlist/${list._id}`;
    for (const host of [...Array.from({ length: 20 }, (_, i) => `h${i}.elsewhere.example`), 'elsewhere.example:99999', '127.0.0.1:1', '127.0.0.1:2', 'LOCALHOST:3']) {
      const res = await fetch(server.url + path, { headers: { host, 'user-agent': 'WhatsApp/2.23' } });
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(meta(html, 'og:url')).toBe(`${PUBLIC_URL}${path}`);
      expect(meta(html, 'og:image')).toMatch(new RegExp(`^${PUBLIC_URL}${path}/preview\\.png\\?v=`));
      expect((await fetch(`${server.url}/`, { headers: { host } })).status).toBe(200); // the landing page, too
    }
    const renders = (of: string) => server.output().split('\n').filter((line) => line.includes('"event":"page.rendered"') && line.includes(`"path":"${of}"`));
    await expect.poll(() => renders('/').length).toBeGreaterThan(0);
    expect(renders(path)).toHaveLength(1);
    expect(renders('/')).toHaveLength(1);
  });

  it('answer lists guests cannot open with a 404 and the plain app shell, which then says it was not found', async () => {
    const missing = await sharePage('no-such-list');
    expect(missing.status).toBe(404);
    expect(missing.html).toContain('<title>Wishwell</title>');
    expect(missing.html).toContain('<div id="root">');
    expect(meta(missing.html, 'og:title')).toBeUndefined();
    // Deleted since: the same 404 (and not a 304 for a browser that kept the page).
    const owner = await signUp(server.url, 'Gone');
    const list = (await owner.client.post<Wishlist>('/wishlists', { name: 'Soon gone', theme: 'Other' })).body;
    const seen = await sharePage(list._id);
    expect(seen.status).toBe(200);
    await owner.client.delete(`/wishlists/${list._id}`);
    const res = await fetch(`${server.url}/share/wishlist/${list._id}`, { headers: { 'if-none-match': seen.headers.get('etag') ?? '' } });
    expect(res.status).toBe(404);
  });
});
