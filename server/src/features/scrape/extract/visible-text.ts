import type { CheerioAPI } from 'cheerio';
import type { Element } from 'domhandler';
import { findCurrencyToken } from '@wishwell/shared/price-parse';
import type { CandidateList } from './candidates';
import { OTHER_PRODUCTS_SELECTOR } from './page-regions';

const PRICE_ELEMENTS = '[class*="price" i], [id*="price" i], [data-price]';
/** Prices the shop shows struck through or for comparison, not what the item costs now. */
const FORMER_PRICE = /\b(was|old|compare|regular|original|strike|list|msrp|rrp|before|crossed)[-_]?(price)?\b|price[-_]?(was|old|compare|regular|original|strike|list|before)/i;
const SALE_PRICE = /sale|special|now|current|offer|deal|final|promo/i;
/** "$24.96/mo", "4 payments of", "per month": instalments are not the price. */
const INSTALMENT = /\/\s*mo\b|\/\s*month|per\s+month|a\s+month|monthly|payments?\s+of|instal+ments?|\bx\s*\d+\s*(months|mois|meses)|\bfinanc/i;

/** The last resort: short visible texts in price-named elements that read as a money amount. */
export function addVisibleTextCandidates($: CheerioAPI, candidates: CandidateList): void {
  let sale: string | null = null;
  let plain: string | null = null;
  $(PRICE_ELEMENTS).each((_, element) => {
    if (sale) return false;
    const node = $(element as Element);
    const text = node.text().replace(/\s+/g, ' ').trim();
    if (text.length === 0 || text.length > 40 || !/\d/.test(text) || !findCurrencyToken(text)) return;
    const classes = `${node.attr('class') ?? ''} ${node.attr('id') ?? ''}`;
    if (FORMER_PRICE.test(classes) || node.closest('del, s, strike').length > 0) return;
    // "$24.96" followed by "/mo" in the next element: look at the surrounding text when it is short.
    const parent = node.parent();
    const surrounding = parent.is('body, html') ? '' : parent.text();
    if (INSTALMENT.test(text) || (surrounding.length < 120 && INSTALMENT.test(surrounding))) return;
    if (node.closest(`${OTHER_PRODUCTS_SELECTOR}, [class*="carousel" i]`).length > 0) return;
    if (SALE_PRICE.test(classes)) sale = text;
    else plain ??= text;
  });
  const best = sale ?? plain;
  if (best) candidates.add('price', best, 'text');
}
