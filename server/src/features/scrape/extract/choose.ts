import { formatAmount, parsePrice } from '@wishwell/shared/price-parse';
import { isoCodeOfToken } from '@wishwell/shared/currency-tokens';
import type { ShownPrices } from './shown-prices';
import { SOURCE_WEIGHT, weightOf, type Candidate, type CandidateSource } from './candidates';

/** Lower-case letters and digits only: how two spellings of a value are compared. */
export const comparable = (value: string) => value.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

interface Group<T> {
  value: T;
  members: Candidate[];
  /** Support from other groups that back this value (a decorated title, a brand variant). */
  support: number;
}

const supportOf = (members: Candidate[]) => members.reduce((sum, c) => sum + weightOf(c), 0);

/**
 * The value with the most weighted support. Ties go to the value more layers agree on, then to
 * the most trusted single source, then to the first found.
 */
function vote<T>(groups: Iterable<Group<T>>): T | null {
  let best: { value: T; rank: number[] } | null = null;
  for (const group of groups) {
    const rank = [supportOf(group.members) + group.support, group.members.length, Math.max(...group.members.map((c) => SOURCE_WEIGHT[c.source]))];
    if (!best || compareRanks(rank, best.rank) > 0) best = { value: group.value, rank };
  }
  return best?.value ?? null;
}

function compareRanks(a: number[], b: number[]): number {
  const i = a.findIndex((value, index) => value !== b[index]);
  return i === -1 ? 0 : a[i]! - b[i]!;
}

const SEPARATOR = /(\s*(?:\||–|—|:|\s-\s|·|»)\s*)/;
/** "Shop", "Official Store", "Online Boutique": a trailing segment that names a shop, not a product. */
const SHOP_WORDS = /^(?:[\p{L}&'.-]+\s+){0,2}(?:shop|store|boutique|outlet|online|official site|webshop|shopping)$/iu;
/** "€97.39 40% OFF", "Sale", "-20%": a title segment that is a price or a promotion, not a name. */
const PROMOTION = /^[^\p{L}]*(?:\p{Sc}|[\d.,]+\s*%|\d)[\d\s.,%\p{Sc}]*(?:off|sale|save)?[^\p{L}]*$/iu;

/** "Amazon.co.uk", "REI.com": a host name names the shop, never the product. */
const HOST_NAME = /^\s*(?:www\.)?[a-z][\w-]*(?:\.[a-z][\w-]*)*\.(?:com|net|org|shop|store|co\.[a-z]{2}|com\.[a-z]{2}|[a-z]{2})\s*$/i;

/** "… Item # 101095", "… SKU: AB-12", "… (Model No. 5521)": the shop's reference, not the name. */
const ITEM_NUMBER = /[\s,|(-]+(?:item|sku|model|part|art(?:icle)?|style|product)\s*(?:#|no\.?|nr\.?|number|code|id|:)\s*[:#]?\s*(?=[\w-]*\d)[\w-]+\)?$/i;

/**
 * A title without the shop's name or a promotion around it: "Tully Sconce | Pottery Barn" ->
 * "Tully Sconce", "Positron Quickdraw Set - 18cm - REI.com" -> "Positron Quickdraw Set - 18cm",
 * "L-Shaped Desk Item # 101095" -> "L-Shaped Desk".
 */
export function stripSiteName(decorated: string, siteNames: string[]): string {
  const title = withoutGluedSiteName(decorated, siteNames);
  const names = siteNames.map(comparable).filter((n) => n.length >= 3);
  const namesShop = (segment: string) => {
    if (HOST_NAME.test(segment)) return true;
    const key = comparable(segment.replace(/^\s*(?:on|at)\s+/i, '').replace(/\.(?:com|co\.\w+|net|org)\b/gi, ''));
    return key.length === 0 || names.some((name) => name.includes(key) || key.includes(name));
  };
  const isDecoration = (segment: string) => {
    if (segment.length > 100) return false; // shop names and promotions are short
    return PROMOTION.test(segment.trim()) || SHOP_WORDS.test(segment.trim()) || namesShop(segment);
  };
  // Odd indexes are the separators between segments. "Name: Amazon.co.uk: Author: ISBN: Books":
  // the shop's name ends the product name, whatever follows it.
  const parts = title.split(SEPARATOR);
  const shopAt = parts.findIndex((part, index) => index >= 2 && index % 2 === 0 && part.length <= 100 && comparable(part).length > 0 && namesShop(part));
  if (shopAt > 0) parts.splice(shopAt - 1);
  while (parts.length > 2 && isDecoration(parts[parts.length - 1]!)) parts.splice(-2);
  while (parts.length > 2 && isDecoration(parts[0]!)) parts.splice(0, 2);
  return parts.join('').replace(/\s+(?:on|at)\s+\S+$/i, (suffix) => (isDecoration(suffix) ? '' : suffix)).replace(ITEM_NUMBER, '').trim();
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** "Keyboard case-淘宝网": the shop's name glued to the end by a dash or bar without spaces, which SEPARATOR leaves alone ("L-Shaped"). */
export function withoutGluedSiteName(title: string, siteNames: string[]): string {
  for (const name of siteNames) {
    if (name.trim().length < 2) continue;
    const stripped = title.replace(new RegExp(`\\s*[-–—_|]\\s*${escapeRegExp(name.trim())}\\s*$`, 'iu'), '').trim();
    if (stripped !== title.trim() && stripped.length > 0) return stripped;
  }
  return title;
}

/** Whether `longer` is `shorter` followed by a separator and more ("Name | Category"). */
function isDecoratedForm(longer: string, shorter: string): boolean {
  if (longer.length <= shorter.length || !longer.toLowerCase().startsWith(shorter.toLowerCase())) return false;
  return /^\s*(?:\||–|—|:|-|·|»)/.test(longer.slice(shorter.length));
}

export function chooseTitle(candidates: Candidate[], siteNames: string[]): string {
  const names = siteNames.map(comparable);
  const groups = new Map<string, Group<string>>();
  const groupFor = (value: string) => {
    const key = comparable(value);
    // A bare shop name ("Costco Wholesale") is not a product name.
    if (key.length < 2 || names.includes(key)) return null;
    const group = groups.get(key) ?? { value, members: [], support: 0 };
    groups.set(key, group);
    return group;
  };
  for (const candidate of candidates) groupFor(stripSiteName(candidate.value, siteNames))?.members.push(candidate);
  // "Positron Quickdraw Set" with brand "Black Diamond" also backs "Black Diamond Positron Quickdraw Set".
  for (const candidate of candidates) {
    const brand = candidate.brand?.replace(/[®™]/g, '').trim();
    if (!brand || comparable(candidate.value).startsWith(comparable(brand))) continue;
    const branded = groupFor(`${brand} ${candidate.value}`);
    if (branded) branded.support += weightOf(candidate);
  }
  // "Name | Category" backs "Name": the shorter one is the product name without decoration.
  const all = [...groups.values()];
  for (const group of all) {
    for (const other of all) {
      if (other !== group && isDecoratedForm(other.value, group.value)) group.support += supportOf(other.members);
    }
  }
  return vote(all) ?? '';
}

export interface ChosenPrice {
  price: string;
  /** ISO code, or null when no layer said. */
  currency: string | null;
  /** How the currency was written ("$", "kr", "USD"): ambiguous symbols are read with the shop's country. */
  currencyToken: string | null;
  isRange: boolean;
}

const STRUCTURED_SOURCES = new Set<CandidateSource>(['jsonld', 'meta', 'microdata']);
/** How much a structured price counts when the page shows prices but never this one. */
const UNSHOWN_FACTOR = 0.25;
/** How much it counts when the page shows it only crossed out: the former price. */
const FORMER_FACTOR = 0.1;

/** A factor below 1 for a structured price the page does not show as the current price. */
function shownFactor(candidate: Candidate, amount: number, shown: ShownPrices): number {
  if (shown.current.size === 0 || !STRUCTURED_SOURCES.has(candidate.source) || shown.current.has(amount)) return 1;
  return shown.former.has(amount) ? FORMER_FACTOR : UNSHOWN_FACTOR;
}

/**
 * The best-supported price. `shown` holds the amounts the page shows as prices: when there are
 * some, a structured price (JSON-LD, meta, microdata) missing from them is a stale feed value or
 * another variant's offer and counts for a quarter, and one shown only crossed out for a tenth.
 */
export function choosePrice(candidates: Candidate[], shown: ShownPrices = { current: new Set(), former: new Set() }): ChosenPrice | null {
  const groups = new Map<string, Group<ChosenPrice>>();
  for (const candidate of candidates) {
    const parsed = parsePrice(candidate.value, { currencyHint: candidate.currency });
    if (!parsed.amount || Number(parsed.amount) <= 0) continue;
    const key = String(Number(parsed.amount));
    const factor = shownFactor(candidate, Number(parsed.amount), shown);
    const stated = candidate.currency && isoCodeOfToken(candidate.currency) ? candidate.currency : null;
    const token = stated ?? parsed.currencyToken;
    const group = groups.get(key) ?? { value: { price: formatAmount(parsed.amount), currency: null, currencyToken: null, isRange: false }, members: [], support: 0 };
    if (!group.value.currency && token) {
      group.value.currency = isoCodeOfToken(token);
      group.value.currencyToken = token;
    }
    group.value.isRange ||= parsed.isRange || candidate.ambiguous === true;
    group.members.push(factor < 1 ? { ...candidate, discount: factor } : candidate);
    groups.set(key, group);
  }
  return vote(groups.values());
}

const NAMED_WIDTHS: Record<string, number> = {
  pico: 16, icon: 32, thumb: 50, small: 100, compact: 160, medium: 240, large: 480, grande: 600, xlarge: 1200, hires: 1500, zoom: 1500, master: 4096,
};
const NAMED_SIZE = Object.keys(NAMED_WIDTHS).join('|');

/** Width parameters of image services (Scene7 "wid", imgix/CDNs "w", "width", "resizew"). */
const WIDTH_PARAMETER = /[?&](?:wid|w|width|resizew)=(\d{2,4})(?:&|$)/i;

/** Pixel width a URL's rendition names ("_1024x1024", "_grande", "/zoom/", "?wid=1000"); 0 when it names none. */
export function renditionWidth(url: string): number {
  const path = url.split('?')[0]!;
  const sized = /[-_/](?:images)?(\d{2,4})x\d*(?=[._/])/i.exec(path);
  if (sized) return Number(sized[1]);
  const parameter = WIDTH_PARAMETER.exec(url)?.[1] ?? /[-_/]w(\d{2,4})(?=[-_^%/.])/i.exec(path)?.[1];
  if (parameter) return Number(parameter);
  const named = new RegExp(`[-_/](${NAMED_SIZE})(?=[./])`, 'i').exec(path)?.[1]?.toLowerCase();
  return named ? NAMED_WIDTHS[named]! : 0;
}

/** Pictures smaller than this are icons, swatches or thumbnails. */
export const MIN_PICTURE_PX = 100;

/** Spacers, sprites, logos, icons, badges and tracking pixels: never the product photo. */
const NOT_A_PHOTO = /(?:^|[/_.-])(?:spacer|sprites?|logos?|icons?|badges?|pixel|blank|transparent|clear|1x1|placeholder|loading|no[-_]?image)(?=[/_.-]|$)/i;

function isProductPhotoUrl(url: string): boolean {
  const path = new URL(url).pathname;
  if (/\.svg$/i.test(path) || NOT_A_PHOTO.test(path)) return false;
  const width = renditionWidth(url);
  return width === 0 || width >= MIN_PICTURE_PX;
}

const ARCHIVE_WRAPPER = /^https?:\/\/web\.archive\.org\/web\/\d+\w*\//;

/** The picture behind a URL, without scheme, query, size words or a Wayback Machine wrapper. */
function pictureKey(url: string): string {
  return url
    .replace(ARCHIVE_WRAPPER, '')
    .replace(/^https?:/, '')
    .split('?')[0]!
    .replace(new RegExp(`[_-](\\d+x\\d*|${NAMED_SIZE})(?=\\.\\w+$)`, 'i'), '');
}

/** One picture in any rendition: "x_grande.jpg" and "x_1024x1024.jpg", "hero" and "hero/$web$/name.jpg". */
function samePicture(a: string, b: string): boolean {
  const [ka, kb] = [pictureKey(a), pictureKey(b)];
  if (ka === kb || ka.startsWith(`${kb}/`) || kb.startsWith(`${ka}/`)) return true;
  // A distinctive file name in another folder (or on a CDN host) is the same picture: "/zoom/x.jpg", "/small/x.jpg".
  const [fileA, fileB] = [ka.split('/').pop()!, kb.split('/').pop()!];
  return fileA === fileB && fileA.length >= 16;
}

interface Picture {
  members: { url: string; candidate: Candidate }[];
}

const SHOWN_SOURCES = new Set<CandidateSource>(['hero', 'displayed', 'gallery']);
const isShown = (candidate: Candidate) => SHOWN_SOURCES.has(candidate.source);

/**
 * Of one picture's renditions: the full-size one the page names for a shown image (zoom, link,
 * srcset); else the largest named size; else the shown one when it refines a declared URL
 * ("…/hero" shown as "…/hero?$xlarge$"); else the best declared one.
 */
function bestRendition(picture: Picture, base: URL): string {
  const named = picture.members.map((m) => (m.candidate.larger ? absoluteUrl(m.candidate.larger, base) : null)).filter((url): url is string => !!url && isProductPhotoUrl(url));
  const urls = [...named, ...picture.members.map((m) => m.url)];
  const widest = Math.max(...urls.map(renditionWidth));
  // A zoom or lightbox URL is the full size unless its size says otherwise.
  if (named[0] && renditionWidth(named[0]) === 0) return named[0];
  if (widest > 0 && urls.some((url) => renditionWidth(url) !== widest)) return urls.find((url) => renditionWidth(url) === widest)!;
  if (named[0]) return named[0];
  const declared = picture.members.filter((m) => !isShown(m.candidate));
  const refined = picture.members.find((m) => isShown(m.candidate) && declared.some((d) => m.url !== d.url && m.url.replace(/^https?:/, '').startsWith(d.url.replace(/^https?:/, ''))));
  if (refined) return refined.url;
  // The shop's own URL before an archived copy of it, then the most trusted layer.
  const wrapped = (url: string) => (ARCHIVE_WRAPPER.test(url) ? 1 : 0);
  const ranked = [...(declared.length > 0 ? declared : picture.members)].sort((a, b) => wrapped(a.url) - wrapped(b.url) || weightOf(b.candidate) - weightOf(a.candidate));
  return ranked[0]!.url;
}

/**
 * The best-supported picture. Pictures only found by their alt text count only when no layer
 * declared or marked a picture.
 */
export function chooseImage(candidates: Candidate[], base: URL): string {
  const pictures: Picture[] = [];
  for (const candidate of candidates) {
    const url = absoluteUrl(candidate.value, base);
    if (!url || !isProductPhotoUrl(url)) continue;
    const picture = pictures.find((p) => p.members.some((m) => samePicture(m.url, url)));
    if (picture) picture.members.push({ url, candidate });
    else pictures.push({ members: [{ url, candidate }] });
  }
  const marked = pictures.filter((p) => p.members.some((m) => m.candidate.source !== 'displayed'));
  const eligible = marked.length > 0 ? marked : pictures.slice(0, 1);
  return vote(eligible.map((picture) => ({ value: bestRendition(picture, base), members: picture.members.map((m) => m.candidate), support: 0 }))) ?? '';
}

/** Resolves a relative or protocol-relative URL; only http(s) results are kept. */
export function absoluteUrl(value: string, base: URL): string | null {
  try {
    const url = new URL(value.trim(), base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}
