import type { Cheerio, CheerioAPI } from 'cheerio';
import type { AnyNode } from 'domhandler';
import type { CandidateList } from './candidates';
import { inProductCard } from './product-cards';

const MAX_PRICES = 4;

/** schema.org microdata: inside a Product item scope when there is one, else anywhere on the page. */
export function addMicrodataCandidates($: CheerioAPI, candidates: CandidateList): void {
  const product = $('[itemscope][itemtype*="schema.org/Product" i]').first();
  const scope: Cheerio<AnyNode> = product.length > 0 ? product : $.root();
  // One scan for every property, read by name below (a scan per name cost a pass over the page each).
  const properties = scope.find('[itemprop]');
  const named = (name: string) => properties.filter((_, el) => el.attribs.itemprop === name);
  const prop = (name: string) => named(name).filter((_, el) => el.attribs.itemscope === undefined || name === 'image').first();
  const value = (element: Cheerio<AnyNode>) => element.attr('content') ?? element.attr('value') ?? element.text();
  if (product.length > 0) {
    const brand = prop('brand');
    const brandName = brand.is('[itemscope]') ? brand.find('[itemprop="name"]').first().text() : value(brand);
    candidates.add('title', value(prop('name')), 'microdata', { brand: brandName?.trim() || null });
  }
  const image = prop('image');
  candidates.add('image', image.attr('content') ?? image.attr('src') ?? image.attr('href') ?? image.attr('data-src'), 'microdata');
  // Every distinct price of the item (a hidden list price beside the shown sale price), not other products' cards.
  const prices = named('price').filter((_, el) => el.attribs.itemscope === undefined && !inProductCard(el));
  const amounts = [...new Set(prices.toArray().map((el) => value($(el)).trim()))].slice(0, MAX_PRICES);
  const currency = named('priceCurrency').first();
  for (const amount of amounts) candidates.add('price', amount, 'microdata', { currency: currency.attr('content') ?? (currency.text() || null) });
  if (amounts.length === 0) {
    const low = prop('lowPrice');
    if (low.length > 0) candidates.add('price', value(low), 'microdata', { ambiguous: true });
  }
}
