import type { CheerioAPI } from 'cheerio';
import { isTag, type Element } from 'domhandler';
import { findCurrencyToken } from '@wishwell/shared/price-parse';
import type { CandidateList } from './candidates';
import { closestWhere, textWithin } from './dom-walk';
import { FORMER_PRICE, isNotTheProductPrice, isOtherProductsRegion } from './page-regions';
import { inProductCard } from './product-cards';

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
  return closestWhere(element, (node) => isOtherProductsRegion(node) || isNotTheProductPrice(node) || /carousel/i.test(node.attribs.class ?? '')) !== null || inProductCard(element);
}

/**
 * Words shops put before the current price, in the languages of the shops seen: "Price:",
 * "Preis", "Prix", "Precio", "Prezzo", "Cena", "價格", "最低價", "特價", "販売価格", "판매가".
 * A former price's label ("原價", "UVP", "Was") is not one of them.
 */
const CURRENT_PRICE_LABEL = /^\s*(?:(?:our|sale|special|now|your)\s+price|price|now|preis|jetzt|angebotspreis|prix|precio|ahora|prezzo|pre[çc]o|cena|hinta|pris|prijs|fiyat|цена|價格|价格|售價|售价|特價|特价|優惠價|优惠价|促銷價|促销价|最低價|最低价|現價|现价|販売価格|価格|판매가|가격)\s*[:：]?/iu;

/** "最低價$29元起/罐", "Price: $12.99": a short text that names itself the current price. */
function labelledPrice($: CheerioAPI): string | null {
  let found: string | null = null;
  $('body *').each((_, element) => {
    const first = element.children[0];
    if (first?.type !== 'text' || !CURRENT_PRICE_LABEL.test(first.data)) return;
    const text = textWithin(element, MAX_MONEY_TEXT, { spaces: false })?.replace(/\s+/g, ' ').trim();
    if (!text || !readsAsMoney(text) || inOtherPriceBlock(element)) return;
    found = text.replace(CURRENT_PRICE_LABEL, '');
    return false;
  });
  return found;
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
  const best = sale ?? labelledPrice($) ?? plain;
  if (best) candidates.add('price', best, 'text');
}
