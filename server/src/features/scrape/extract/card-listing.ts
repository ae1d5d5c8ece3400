/**
 * The products a page lists without structured data (a shop's favourites or search result as
 * plain markup): a row of twin cards, each a picture linking to the product's page, its name
 * and its price. Cards in a recommendations block or the site's chrome are not the list.
 */
import type { CheerioAPI } from 'cheerio';
import { isTag, type AnyNode, type Element } from 'domhandler';
import { currencyOfHost, refineCurrency } from '@wishwell/shared/currency-tokens';
import { formatAmount, parsePrice } from '@wishwell/shared/price-parse';
import type { ListedProduct } from '@wishwell/shared/scrape-types';
import { absoluteUrl } from './choose';
import { closestWhere, textWithin } from './dom-walk';
import { isFormerPrice, isOtherProductsRegion, linksToAnotherPage } from './page-regions';
import { kindOf, MAX_CARD_TEXT, textSize } from './product-cards';
import { readsAsMoney } from './visible-text';

const MAX_PRICE_TEXT = 40;
const NOT_A_PRODUCT_PICTURE = /logo|icon|badge|sprite|flag/i;

interface Card {
  element: Element;
  href: string;
  img: Element;
}

/** A picture link's card: the largest block around it, short enough, that links no other picture elsewhere. */
function cardAround(link: Element, img: Element): Card | null {
  const href = link.attribs.href!;
  let card: Element = link;
  for (let node = link.parent; node && isTag(node) && node.name !== 'body'; node = node.parent) {
    if (textSize(node, MAX_CARD_TEXT) > MAX_CARD_TEXT || pictureLinkTargets(node).size > 1) break;
    card = node;
  }
  return { element: card, href, img };
}

/** Where the picture links under a node go. */
function pictureLinkTargets(node: Element): Set<string> {
  const targets = new Set<string>();
  const visit = (current: AnyNode, href: string | null) => {
    if (!isTag(current) || targets.size > 1) return;
    const own = current.name === 'a' && linksToAnotherPage(current.attribs.href) ? current.attribs.href!.trim() : href;
    if (own && current.name === 'img') targets.add(own);
    for (const child of current.children) visit(child, own);
  };
  visit(node, null);
  return targets;
}

/** The product name a card shows: the longest text of a link to its page, else a heading, else the picture's alt. */
function cardTitle($: CheerioAPI, card: Card): string {
  const links = $(card.element).find('a[href]').filter((_, a) => a.attribs.href!.trim() === card.href.trim());
  const linked = links.map((_, a) => $(a).text().replace(/\s+/g, ' ').trim()).get().sort((a, b) => b.length - a.length)[0];
  const heading = $(card.element).find('h1, h2, h3, h4, h5, h6, [class*="name" i], [class*="title" i]').first().text().replace(/\s+/g, ' ').trim();
  return (linked || heading || card.img.attribs.alt?.trim() || '').slice(0, 500);
}

/** The card's current price: the innermost short text that reads as money, crossed-out parts left out. */
function cardPrice(card: Card, pageUrl: URL): { price: string; currency: string } | null {
  const visit = (node: AnyNode): { price: string; currency: string } | null => {
    if (!isTag(node) || isFormerPrice(node)) return null;
    for (const child of node.children) {
      const found = visit(child);
      if (found) return found;
    }
    const text = textWithin(node, MAX_PRICE_TEXT)?.replace(/\s+/g, ' ').trim();
    if (!text || !readsAsMoney(text)) return null;
    const parsed = parsePrice(text);
    if (!parsed.amount || Number(parsed.amount) <= 0) return null;
    const currency = parsed.currency && parsed.currencyToken ? refineCurrency(parsed.currency, parsed.currencyToken, currencyOfHost(pageUrl.hostname)) : '';
    return { price: formatAmount(parsed.amount), currency };
  };
  return visit(card.element);
}

function pictureOf(img: Element): string {
  const src = [img.attribs.src, img.attribs['data-src'], img.attribs['data-lazy-src']].find((value) => value && !value.startsWith('data:'));
  return src?.trim() ?? '';
}

/** Every card with a price in the page's largest row of twin cards; fewer than two is no list. */
export function listedCards($: CheerioAPI, pageUrl: URL, max: number): ListedProduct[] {
  const cards = new Map<Element, Card>();
  $('a[href] img').each((_, img) => {
    const link = closestWhere(img, (node) => node.name === 'a' && node.attribs.href !== undefined)!;
    if (!linksToAnotherPage(link.attribs.href) || NOT_A_PRODUCT_PICTURE.test(`${img.attribs.class ?? ''} ${img.attribs.src ?? ''} ${img.attribs.alt ?? ''}`)) return;
    if (closestWhere(link, isOtherProductsRegion)) return;
    const card = cardAround(link, img);
    if (card && !cards.has(card.element)) cards.set(card.element, card);
  });
  const rows = new Map<string, Card[]>();
  for (const card of cards.values()) {
    const key = `${kindOf(card.element)}|${card.element.parent && isTag(card.element.parent) ? kindOf(card.element.parent) : ''}`;
    rows.set(key, [...(rows.get(key) ?? []), card]);
  }
  const row = [...rows.values()].sort((a, b) => b.length - a.length)[0] ?? [];
  const listed = row.flatMap((card) => {
    const url = absoluteUrl(card.href, pageUrl);
    const title = cardTitle($, card);
    const price = cardPrice(card, pageUrl);
    if (!url || !title || !price) return [];
    return [{ title, url, ...price, imageUrl: absoluteUrl(pictureOf(card.img), pageUrl) ?? '' }];
  });
  return listed.length >= 2 ? listed.slice(0, max) : [];
}
