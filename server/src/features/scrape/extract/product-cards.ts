/**
 * Product cards: the small repeated blocks a page shows other products in (recommendations,
 * "customers also bought", a listing), each a picture linking to the product's own page with
 * a short text around it. Their prices are those products' prices, never this page's.
 */
import { isTag, type AnyNode, type Element } from 'domhandler';
import { linksToAnotherPage } from './page-regions';

/** A card's text is a name, a price and a button or two: more is a page section. */
export const MAX_CARD_TEXT = 300;
/** How far up from a price a card may end. */
const MAX_CARD_DEPTH = 6;
const NOT_A_PRODUCT_PICTURE = /logo|icon|badge|payment|sprite|flag/i;

/** Characters of text (spaces not counted) under a node, or Infinity past `limit`. */
export function textSize(node: AnyNode, limit: number): number {
  let counted = 0;
  const visit = (current: AnyNode): boolean => {
    if (current.type === 'text') {
      counted += (current as AnyNode & { data: string }).data.replace(/\s+/g, '').length;
      return counted <= limit;
    }
    return !('children' in current) || current.children.every(visit);
  };
  return visit(node) ? counted : Infinity;
}

/** Whether the subtree holds a link to another page around a picture that may be a product's. */
export function holdsPictureLink(node: Element): boolean {
  const visit = (current: AnyNode, link: boolean): boolean => {
    if (!isTag(current)) return false;
    const isLink = current.name === 'a' && linksToAnotherPage(current.attribs.href);
    if ((link || isLink) && current.name === 'img' && !NOT_A_PRODUCT_PICTURE.test(`${current.attribs.class ?? ''} ${current.attribs.src ?? ''} ${current.attribs.alt ?? ''}`)) return true;
    return current.children.some((child) => visit(child, link || isLink));
  };
  return visit(node, false);
}

/** A block's kind: its tag and first class ("li.tuijian-item" for "tuijian-item last"). */
export const kindOf = (element: Element) => `${element.name}.${(element.attribs.class ?? '').trim().split(/\s+/)[0]}`;

/** Whether a sibling of the block is of its kind and links a picture too: cards come in rows. */
function hasTwin(block: Element): boolean {
  const siblings = (block.parent?.children ?? []).filter(isTag);
  return siblings.some((other) => other !== block && kindOf(other) === kindOf(block) && textSize(other, MAX_CARD_TEXT) <= MAX_CARD_TEXT && holdsPictureLink(other));
}

/** Whether the element sits in a card: a short block linking a picture to another page, one of a row of such blocks. */
export function inProductCard(element: Element): boolean {
  let node: Element | null = element;
  for (let depth = 0; node && isTag(node) && depth < MAX_CARD_DEPTH; depth++, node = node.parent as Element | null) {
    if (node.name === 'body' || textSize(node, MAX_CARD_TEXT) > MAX_CARD_TEXT) return false;
    if (holdsPictureLink(node) && hasTwin(node)) return true;
  }
  return false;
}
