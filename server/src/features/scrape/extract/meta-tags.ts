import type { CheerioAPI } from 'cheerio';
import type { CandidateList } from './candidates';

/** OpenGraph, product: and twitter: meta tags, and the generic description. */
export function addMetaTagCandidates($: CheerioAPI, candidates: CandidateList): void {
  const tags = new Map<string, string>();
  $('meta[content]').each((_, element) => {
    const key = (element.attribs.property ?? element.attribs.name ?? element.attribs.itemprop ?? '').toLowerCase();
    const content = element.attribs.content?.trim();
    if (key && content && !tags.has(key)) tags.set(key, content);
  });
  const meta = (...names: string[]) => names.map((name) => tags.get(name)).find(Boolean);
  candidates.add('title', meta('og:title', 'twitter:title'), 'meta');
  candidates.add('image', meta('og:image:secure_url', 'og:image', 'og:image:url', 'twitter:image', 'twitter:image:src'), 'meta');
  candidates.add('image', $('link[rel="image_src"]').attr('href'), 'meta');
  candidates.add('description', meta('og:description', 'description', 'twitter:description'), 'meta');
  // A sale price stated beside the regular one is what the product costs now.
  const sale = meta('product:sale_price:amount');
  const amount = sale && /[1-9]/.test(sale) ? sale : meta('product:price:amount', 'og:price:amount');
  if (amount && /[1-9]/.test(amount)) {
    const currency = (sale ? meta('product:sale_price:currency') : null) ?? meta('product:price:currency', 'og:price:currency');
    candidates.add('price', amount, 'meta', { currency: currency ?? null });
  }
}
