import type { CheerioAPI } from 'cheerio';
import type { AnyNode, Element } from 'domhandler';
import { parsePrice } from '@wishwell/shared/price-parse';
import { isFormerPrice, isNotTheProductPrice, isOtherProductsRegion } from './page-regions';
import { inProductCard } from './product-cards';
import { readsAsMoney } from './visible-text';

/** Price texts are short: a longer text is a sentence or a block, not one price. */
const MAX_PRICE_TEXT = 40;

export interface ShownPrices {
  /** Amounts shown as the price of the product the page is about. */
  current: Set<number>;
  /** Amounts shown crossed out or named as the former price. */
  former: Set<number>;
}

/**
 * Every amount the page shows as a price outside other products' blocks and cards and outside
 * coupon/instalment/shipping parts: what the shopper can see, the crossed-out ones apart. A price
 * the structured data states but the page never shows (a stale feed price, another variant's
 * offer), or shows only crossed out, is trusted less.
 */
export function shownPrices($: CheerioAPI): ShownPrices {
  const shown: ShownPrices = { current: new Set(), former: new Set() };
  const body = $('body').get(0);
  if (body) visit(body, shown, false);
  return shown;
}

/** The collapsed text of a subtree when it is short enough to be one price, else null; records prices on the way. */
function visit(node: AnyNode, shown: ShownPrices, inFormer: boolean): string | null {
  if (node.type === 'text') return node.data;
  if (node.type !== 'tag') return '';
  const element = node as Element;
  if (isOtherProductsRegion(element)) return null;
  const former = inFormer || isFormerPrice(element);
  if (!former && isNotTheProductPrice(element)) return null;
  let text: string | null = '';
  for (const child of element.children) {
    const childText = visit(child, shown, former);
    text = text === null || childText === null ? null : text + childText;
    if (text !== null && text.length > MAX_PRICE_TEXT * 4) text = null;
  }
  if (text === null) return null;
  if (!/\d/.test(text)) return text;
  const collapsed = text.replace(/\s+/g, ' ').trim();
  if (collapsed.length > MAX_PRICE_TEXT) return null;
  if (readsAsMoney(collapsed) && !inProductCard(element)) {
    const amount = Number(parsePrice(collapsed).amount);
    if (amount > 0) (former ? shown.former : shown.current).add(amount);
  }
  // A crossed-out price is not part of the price text around it.
  return former && !inFormer ? null : text;
}

/** What several versions of a page (rendered, as fetched) show between them. */
export function allShownPrices(versions: ShownPrices[]): ShownPrices {
  return { current: new Set(versions.flatMap((v) => [...v.current])), former: new Set(versions.flatMap((v) => [...v.former])) };
}
