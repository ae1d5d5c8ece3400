import type { Element } from 'domhandler';

const OTHER_PRODUCTS_TAGS = ['header', 'footer', 'nav'];
/** Class or id words of blocks that show other products (recommendations, ads, listings). */
const OTHER_PRODUCTS_WORDS = ['related', 'recommend', 'sponsor', 'upsell', 'cross-sell', 'recs', 'listing-card', 'product-card'];

const OTHER_PRODUCTS_NAME = new RegExp(OTHER_PRODUCTS_WORDS.join('|'), 'i');

/** Parts of a product page that show other products (recommendations, ads, site chrome). */
export function isOtherProductsRegion(element: Element): boolean {
  if (OTHER_PRODUCTS_TAGS.includes(element.name)) return true;
  const { class: className = '', id = '' } = element.attribs;
  return OTHER_PRODUCTS_NAME.test(className) || OTHER_PRODUCTS_NAME.test(id);
}

/** Struck-through, former, coupon, instalment, shipping and other-seller prices: never the product's own price. */
const NOT_THE_PRODUCT_PRICE_TAGS = ['del', 's', 'strike'];
export const FORMER_PRICE = /\b(was|old|compare|regular|original|strike|list|msrp|rrp|before|crossed)[-_]?(price)?\b|price[-_]?(was|old|compare|regular|original|strike|list|before)|full[-_]price/i;
const STRUCK = /strike|line-through|barred/i;
const ELSEWHERE_PRICE = /coupon|voucher|accessor|shipping|delivery|seller|marketplace|bundle|instal+ment|financ|monthly|klarna|afterpay|affirm/i;

const labelOf = (element: Element) => `${element.attribs.class ?? ''} ${element.attribs.id ?? ''}`;

/** A price the shop shows crossed out or names as the former one ("was", "list", "barred"). */
export function isFormerPrice(element: Element): boolean {
  if (NOT_THE_PRODUCT_PRICE_TAGS.includes(element.name)) return true;
  const label = labelOf(element);
  return (/price/i.test(label) && FORMER_PRICE.test(label)) || STRUCK.test(label);
}

/** For whole blocks: a former price only when the block is named as a price ("old-price", not "list-unstyled"). */
export function isNotTheProductPrice(element: Element): boolean {
  if (isFormerPrice(element)) return true;
  // A price inside a link to another page is that page's product (menus, promotions, cards).
  if (element.name === 'a' && linksToAnotherPage(element.attribs.href)) return true;
  return ELSEWHERE_PRICE.test(labelOf(element));
}

export const IMAGE_FILE = /\.(?:jpe?g|png|webp|avif|gif)(?:[?#]|$)/i;

/** A link to a web page elsewhere (another product, a category), not to a picture or a part of this page. */
export function linksToAnotherPage(href: string | undefined): boolean {
  return !!href && /^\s*(?:https?:|\/)/i.test(href) && !IMAGE_FILE.test(href);
}

