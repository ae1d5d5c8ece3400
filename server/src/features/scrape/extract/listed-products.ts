import type { CheerioAPI } from 'cheerio';
import type { ListedProduct } from '@wishwell/shared/scrape-types';
import { listedCards } from './card-listing';
import { textWithin } from './dom-walk';
import { inProductCard } from './product-cards';
import { absoluteUrl } from './choose';
import { imageUrls, offerPrices, parseLenient, productNodes, text, type Node } from './json-ld';

/** More than a wish list ever takes at once from one page. */
const MAX_LISTED = 50;
const PLAIN_AMOUNT = /^\d{1,9}(\.\d{1,2})?$/;

/**
 * The products a page lists (a shop's wish list or favourites, a search result), from its
 * structured data: every JSON-LD Product with its own link, and ItemList entries that only name
 * and link one. Without structured data, from its row of product cards (card-listing.ts), unless
 * the page says it is about one product. Fewer than two is no list.
 */
export function listedProducts($: CheerioAPI, pageUrl: URL): ListedProduct[] {
  const byUrl = new Map<string, ListedProduct>();
  let products = 0;
  $('script[type="application/ld+json" i]').each((_, element) => {
    const data = parseLenient($(element).text());
    const nodes = productNodes(data);
    products += nodes.length;
    for (const node of [...nodes, ...listItems(data)]) {
      const listed = listedProduct(node, pageUrl);
      if (listed && !byUrl.has(listed.url) && byUrl.size < MAX_LISTED) byUrl.set(listed.url, listed);
    }
  });
  if (byUrl.size >= 2) return [...byUrl.values()];
  return products > 0 || isAboutOneProduct($) ? [] : listedCards($, pageUrl, MAX_LISTED);
}

/** "Add to cart", "Buy now" in the languages of the shops seen, as a control's text, value, id, name or class. */
const BUY_CONTROL = /add[-_ ]?to[-_ ]?(?:cart|bag|basket|trolley)|buy[-_ ]?(?:now|box)|in den (?:warenkorb|einkaufswagen)|ajouter au panier|a[ñn]adir al carrito|aggiungi al carrello|adicionar ao carrinho|do koszyka|lisa ostukorvi|加入购物车|立即购买|加入購物車|立即購買|カートに入れる|장바구니|구매하기/i;

/** A product page by its own markup: microdata Product, og:type product, or a buy button outside every card. */
function isAboutOneProduct($: CheerioAPI): boolean {
  if ($('[itemscope][itemtype*="schema.org/Product" i]').length > 0 || /product/i.test($('meta[property="og:type"]').attr('content') ?? '')) return true;
  return $('button, input[type="submit" i], input[type="button" i], a, form')
    .toArray()
    .some((control) => {
      const { id = '', name = '', class: className = '', value = '', action = '' } = control.attribs;
      const label = `${id} ${name} ${className} ${value} ${action} ${control.name === 'form' ? '' : (textWithin(control, 40) ?? '')}`;
      return BUY_CONTROL.test(label) && !inProductCard(control);
    });
}

function listedProduct(node: Node, pageUrl: URL): ListedProduct | null {
  const title = text(node.name)?.trim();
  const offers = [node.offers].flat().filter((offer): offer is Node => !!offer && typeof offer === 'object');
  const link = absoluteUrl(text(node.url) ?? text(offers[0]?.url) ?? '', pageUrl);
  if (!title || !link || sameDocument(link, pageUrl)) return null;
  const offer = offerPrices(node)[0];
  const price = offer && PLAIN_AMOUNT.test(offer.price) ? offer.price : '';
  const image = imageUrls(node.image)[0];
  return {
    title: title.slice(0, 500),
    url: link,
    price,
    currency: price && offer?.currency && /^[A-Z]{3}$/.test(offer.currency) ? offer.currency : '',
    imageUrl: (image && absoluteUrl(image, pageUrl)) || '',
  };
}

/** ItemList entries that name and link a product without describing it (`{ "@type": "ListItem", "name", "url" }`). */
function listItems(value: unknown): Node[] {
  const lists = [value].flat(2).filter((v): v is Node => !!v && typeof v === 'object');
  const graph = lists.flatMap((node) => [node, ...[node['@graph']].flat().filter((v): v is Node => !!v && typeof v === 'object')]);
  const isNode = (item: unknown): item is Node => !!item && typeof item === 'object';
  return graph
    .flatMap((node) => [node.itemListElement].flat())
    .filter(isNode)
    .filter((item) => typeof item.name === 'string' && typeof item.url === 'string');
}

function sameDocument(link: string, pageUrl: URL): boolean {
  const url = new URL(link);
  return url.origin === pageUrl.origin && url.pathname === pageUrl.pathname && url.search === pageUrl.search;
}
