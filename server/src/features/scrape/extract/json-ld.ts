import type { CheerioAPI } from 'cheerio';
import type { CandidateList } from './candidates';

export type Node = Record<string, unknown>;

const PRODUCT_TYPES = new Set(['product', 'productgroup', 'individualproduct', 'productmodel', 'book', 'vehicle']);

/** JSON-LD Product anywhere on the page: top level, arrays, @graph, ProductGroup variants. */
export function addJsonLdCandidates($: CheerioAPI, candidates: CandidateList): void {
  $('script[type="application/ld+json" i]').each((_, element) => {
    for (const product of productNodes(parseLenient($(element).text()))) {
      candidates.add('title', text(product.name), 'jsonld', { brand: brandName(product.brand) });
      candidates.add('description', text(product.description), 'jsonld');
      for (const image of imageUrls(product.image).slice(0, 1)) candidates.add('image', image, 'jsonld');
      // A variant's own picture (an offer per size or colour): half a vote each.
      for (const offer of nodesIn(product.offers).slice(0, MAX_OFFERS)) {
        for (const image of imageUrls(offer.image).slice(0, 1)) candidates.add('image', image, 'jsonld', { discount: 0.5 });
      }
      for (const offer of distinctPrices(offerPrices(product))) {
        candidates.add('price', offer.price, 'jsonld', { currency: offer.currency, ambiguous: offer.ambiguous, aggregate: offer.aggregate });
      }
    }
  });
}

export function parseLenient(source: string): unknown {
  const trimmed = source.trim().replace(/^<!--|-->$/g, '').replace(/^\/\/<!\[CDATA\[|\/\/\]\]>$/g, '');
  try {
    return JSON.parse(trimmed);
  } catch {
    try {
      // Raw newlines and tabs inside strings are common in hand-made JSON-LD.
      return JSON.parse(trimmed.replace(/[\u0000-\u001f]+/g, ' '));
    } catch {
      return null;
    }
  }
}

function typesOf(node: Node): string[] {
  const type = node['@type'];
  return (Array.isArray(type) ? type : [type]).filter((t): t is string => typeof t === 'string').map((t) => t.toLowerCase().replace(/^.*[/:]/, ''));
}

/** Product nodes in document order, searched through arrays, @graph and nesting (mainEntity...). */
export function productNodes(value: unknown, depth = 0, found: Node[] = []): Node[] {
  if (depth > 8 || value === null || typeof value !== 'object') return found;
  if (Array.isArray(value)) {
    for (const item of value) productNodes(item, depth + 1, found);
    return found;
  }
  const node = value as Node;
  if (typesOf(node).some((t) => PRODUCT_TYPES.has(t))) {
    found.push(node);
    return found;
  }
  for (const [key, child] of Object.entries(node)) {
    if (key !== 'offers' && key !== 'review') productNodes(child, depth + 1, found);
  }
  return found;
}

const ENTITIES: Record<string, string> = {
  amp: '&', quot: '"', apos: "'", lt: '<', gt: '>', nbsp: ' ', szlig: 'ß', aelig: 'æ', oslash: 'ø', euro: '€', pound: '£', yen: '¥', copy: '©',
  reg: '®', trade: '™', deg: '°', middot: '·', hellip: '…', ndash: '–', mdash: '—', laquo: '«', raquo: '»', lsquo: '‘', rsquo: '’',
  ldquo: '“', rdquo: '”', iexcl: '¡', iquest: '¿', ordf: 'ª', ordm: 'º', times: '×',
};
/** The accents of named letter entities ("iacute", "Ntilde", "ccedil") as combining marks. */
const ACCENTS: Record<string, string> = { acute: '\u0301', grave: '\u0300', circ: '\u0302', tilde: '\u0303', uml: '\u0308', ring: '\u030A', cedil: '\u0327', caron: '\u030C' };

/** A named entity's character (case matters for letters: "Eacute" is É), or null when it is not one we know. */
function namedEntity(name: string): string | null {
  const accented = /^([a-z])(acute|grave|circ|tilde|uml|ring|cedil|caron)$/i.exec(name);
  if (accented) return (accented[1]! + ACCENTS[accented[2]!.toLowerCase()]!).normalize('NFC');
  return ENTITIES[name.toLowerCase()] ?? null;
}

/** Shops often HTML-escape the strings inside their JSON-LD ("&quot;", "&#39;", "Elo&iacute;sa"). */
export function decodeEntities(value: string): string {
  return value.replace(/&(#x[\da-f]+|#\d+|[a-z]+);/gi, (entity, code: string) => {
    if (code[0] !== '#') return namedEntity(code) ?? entity;
    const point = code[1] === 'x' || code[1] === 'X' ? parseInt(code.slice(2), 16) : parseInt(code.slice(1), 10);
    return point > 0 && point <= 0x10ffff ? String.fromCodePoint(point) : entity;
  });
}

export function text(value: unknown): string | null {
  if (typeof value === 'string') return decodeEntities(value);
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return text(value[0]);
  return null;
}

export function imageUrls(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(imageUrls);
  if (value && typeof value === 'object') {
    const node = value as Node;
    return imageUrls(node.url ?? node.contentUrl ?? node.thumbnailUrl);
  }
  return [];
}

interface OfferPrice {
  price: string;
  currency: string | null;
  ambiguous: boolean;
  aggregate: boolean;
}

function brandName(value: unknown): string | null {
  if (value && typeof value === 'object' && !Array.isArray(value)) return text((value as Node).name);
  return text(value);
}

/** A usable amount: "0.00", "" and 0 mean the shop left the price out. */
function usablePrice(value: unknown): string | null {
  const raw = text(value);
  if (!raw) return null;
  return /[1-9]/.test(raw) ? raw : null;
}

function offerPrice(offer: Node): OfferPrice | null {
  const currency = text(offer.priceCurrency);
  const direct = usablePrice(offer.price);
  const aggregate = typesOf(offer).includes('aggregateoffer');
  if (direct) return { price: direct, currency, ambiguous: false, aggregate };
  const low = usablePrice(offer.lowPrice);
  if (low) return { price: low, currency, ambiguous: usablePrice(offer.highPrice) !== low, aggregate };
  const specifications = [offer.priceSpecification].flat().filter((s): s is Node => !!s && typeof s === 'object');
  for (const specification of specifications) {
    const price = usablePrice(specification.price ?? specification.minPrice);
    if (price) return { price, currency: text(specification.priceCurrency) ?? currency, ambiguous: false, aggregate };
  }
  return null;
}

const nodesIn = (value: unknown) => [value].flat().filter((v): v is Node => !!v && typeof v === 'object');

/**
 * The priced offers of the product, else of its variants (ProductGroup.hasVariant). Sizes and
 * sellers each have their own offer: the chooser keeps the one the page shows.
 */
export function offerPrices(product: Node): OfferPrice[] {
  const own = nodesIn(product.offers).flatMap((offer) => {
    const price = offerPrice(offer);
    return price ? [price] : nodesIn(offer.offers).map(offerPrice).filter((p): p is OfferPrice => p !== null);
  });
  return own.length > 0 ? own : nodesIn(product.hasVariant).flatMap(offerPrices);
}

const MAX_OFFERS = 10;

/** One candidate per amount: ten offers at one price must not outvote the other layers. */
function distinctPrices(offers: OfferPrice[]): OfferPrice[] {
  const seen = new Set<number>();
  return offers.filter((offer) => !seen.has(Number(offer.price)) && seen.add(Number(offer.price))).slice(0, MAX_OFFERS);
}
