import type { CheerioAPI } from 'cheerio';
import { isTag, type Element } from 'domhandler';
import { findCurrencyToken } from '@wishwell/shared/price-parse';
import type { CandidateList } from './candidates';
import { closestWhere, textWithin } from './dom-walk';
import { FORMER_PRICE, isNotTheProductPrice, isOtherProductsRegion } from './page-regions';

const PRICE_ELEMENTS = '[class*="price" i], [id*="price" i], [data-price]';
const SALE_PRICE = /sale|special|now|current|offer|deal|final|promo/i;
/**
 * "$24.96/mo", "4 payments of", "per month": instalments are not the price; nor are
 * "$174.99 after $25 off", "save $120", coupon and rebate figures.
 */
export const NOT_THE_PRICE_TEXT = /\/\s*mo\b|\/\s*month|per\s+month|a\s+month|monthly|payments?\s+of|instal+ments?|\bx\s*\d+\s*(months|mois|meses)|\bfinanc|\b(?:off|save|coupon|rebate|voucher)\b/i;

const MAX_MONEY_TEXT = 40;
/** Text around a price short enough to be read as part of it. */
const SHORT_SURROUNDING = 120;

/** Short text with a currency and a number standing on its own ("MzI5Ljk5 $" is an obfuscated figure, not 5). */
export function readsAsMoney(text: string): boolean {
  return text.length <= MAX_MONEY_TEXT && /(?:^|[^\p{L}\d])\d/u.test(text) && !NOT_THE_PRICE_TEXT.test(text) && findCurrencyToken(text) !== null;
}

/** Whether the element or one of its ancestors is a block whose prices are not the product's own. */
function inOtherPriceBlock(element: Element): boolean {
  return closestWhere(element, (node) => isOtherProductsRegion(node) || isNotTheProductPrice(node) || /carousel/i.test(node.attribs.class ?? '')) !== null;
}

/** The last resort: short visible texts in price-named elements that read as a money amount. */
export function addVisibleTextCandidates($: CheerioAPI, candidates: CandidateList): void {
  let sale: string | null = null;
  let plain: string | null = null;
  $(PRICE_ELEMENTS).each((_, element) => {
    if (sale) return false;
    const text = textWithin(element, MAX_MONEY_TEXT, { spaces: false })?.replace(/\s+/g, ' ').trim();
    if (!text || !readsAsMoney(text)) return;
    const classes = `${element.attribs.class ?? ''} ${element.attribs.id ?? ''}`;
    if (FORMER_PRICE.test(classes) || inOtherPriceBlock(element)) return;
    // "$24.96" followed by "/mo" in the next element: look at the surrounding text when it is short.
    const { parent } = element;
    const surrounding = parent && isTag(parent) && parent.name !== 'body' && parent.name !== 'html' ? textWithin(parent, SHORT_SURROUNDING - 1) : null;
    if (surrounding && NOT_THE_PRICE_TEXT.test(surrounding)) return;
    if (SALE_PRICE.test(classes)) sale = text;
    else plain ??= text;
  });
  const best = sale ?? plain;
  if (best) candidates.add('price', best, 'text');
}
