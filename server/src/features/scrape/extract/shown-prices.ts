import type { CheerioAPI } from 'cheerio';
import type { AnyNode, Element } from 'domhandler';
import { parsePrice } from '@wishwell/shared/price-parse';
import { isNotTheProductPrice, isOtherProductsRegion } from './page-regions';
import { readsAsMoney } from './visible-text';

/** Price texts are short: a longer text is a sentence or a block, not one price. */
const MAX_PRICE_TEXT = 40;

/**
 * Every amount the page shows as a price outside other products' blocks and struck-through or
 * coupon/instalment/shipping parts: what the shopper can see. A price the structured data states
 * but the page never shows (a stale feed price, another variant's offer) is trusted less.
 */
export function shownPrices($: CheerioAPI): Set<number> {
  const shown = new Set<number>();
  const body = $('body').get(0);
  if (body) visit(body, shown);
  return shown;
}

/** The collapsed text of a subtree when it is short enough to be one price, else null; records prices on the way. */
function visit(node: AnyNode, shown: Set<number>): string | null {
  if (node.type === 'text') return node.data;
  if (node.type !== 'tag') return '';
  const element = node as Element;
  if (isOtherProductsRegion(element) || isNotTheProductPrice(element)) return null;
  let text: string | null = '';
  for (const child of element.children) {
    const childText = visit(child, shown);
    text = text === null || childText === null ? null : text + childText;
    if (text !== null && text.length > MAX_PRICE_TEXT * 4) text = null;
  }
  if (text === null) return null;
  if (!/\d/.test(text)) return text;
  const collapsed = text.replace(/\s+/g, ' ').trim();
  if (collapsed.length > MAX_PRICE_TEXT) return null;
  if (readsAsMoney(collapsed)) {
    const amount = Number(parsePrice(collapsed).amount);
    if (amount > 0) shown.add(amount);
  }
  return text;
}
