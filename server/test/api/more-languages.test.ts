import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Wishlist } from '@wishwell/shared/wishlist-types';
import { ApiClient } from '../support/api-client';
import { startTestServer, type TestServer } from '../support/test-server';
import { addItem, signUp } from '../support/wishlists';

// Brazilian Portuguese, Swedish and Japanese as a reader meets them: the language the browser asks
// for (Portuguese of any region is pt-BR), the share page rendered in it with its dates and prices
// written the language's way (Intl), and API errors in it.

let server: TestServer;
let listId: string;
/** The share page as rendered for each Accept-Language asked, rendered before the tests (a process's first render is slow). */
const pages = new Map<string, { lang: string | undefined; html: string }>();
const ASKED = ['pt-BR', 'pt-PT,pt;q=0.9,en;q=0.5', 'pt', 'sv-SE,sv;q=0.9', 'ja-JP,ja;q=0.9'];

beforeAll(async () => {
  server = await startTestServer();
  const owner = await signUp(server.url, 'Zoë');
  const list = (await owner.client.post<Wishlist>('/wishlists', { name: 'Natal', eventDate: '2026-12-24' })).body;
  await addItem(owner.client, list._id, { title: 'Violão', price: '1234.50', currency: 'BRL' });
  listId = list._id;
  for (const asked of ASKED) pages.set(asked, await sharePage(asked));
});
afterAll(() => server.stop());

/** The share page as the server renders it for a browser asking for `acceptLanguage`: its language and text. */
async function sharePage(acceptLanguage: string): Promise<{ lang: string | undefined; html: string }> {
  const html = await (await fetch(`${server.url}/share/wishlist/${listId}`, { headers: { 'accept-language': acceptLanguage } })).text();
  return { lang: /<html[^>]* lang="([^"]+)"/.exec(html)?.[1], html };
}

/** Which of `texts` the page does not show. */
const missingFrom = (html: string, texts: string[]) => texts.filter((text) => !html.includes(text));

describe('more languages', () => {
  it('render the share page in Brazilian Portuguese for any Portuguese, with its prices and dates', async () => {
    for (const asked of ASKED.slice(0, 3)) {
      const page = pages.get(asked)!;
      expect(page.lang, asked).toBe('pt-BR');
      expect(missingFrom(page.html, ['Lista de desejos de Zoë', 'R$\u00a01.234,50', '24 de dezembro de 2026', 'Marcar como comprado'])).toEqual([]);
    }
  });

  it('render it in Swedish and in Japanese, each with its own dates and number formats', async () => {
    const swedish = pages.get('sv-SE,sv;q=0.9')!;
    expect(swedish.lang).toBe('sv');
    expect(missingFrom(swedish.html, ['Önskelista för Zoë', '24 december 2026', '1\u00a0234,50\u00a0BR$', 'Markera som köpt'])).toEqual([]);

    const japanese = pages.get('ja-JP,ja;q=0.9')!;
    expect(japanese.lang).toBe('ja');
    expect(missingFrom(japanese.html, ['Zoëさんのほしい物リスト', '2026年12月24日', 'R$1,234.50', '購入済みにする'])).toEqual([]);
  });

  it('answer API errors in the language asked for, status codes unchanged', async () => {
    const client = new ApiClient(server.url);
    const expected = { 'pt-BR': 'Não encontramos esta lista de desejos.', sv: 'Den här önskelistan hittades inte.', ja: 'このほしい物リストは見つかりませんでした。' };
    for (const [language, message] of Object.entries(expected)) {
      const missing = await client.get('/wishlists/share/does-not-exist', { headers: { cookie: `ww_lang=${language}` } });
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ message });
    }
  });
});
