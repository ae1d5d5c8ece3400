import { formatAmount, isoCodeOfToken, parsePrice } from '@wishwell/shared/price-parse';
import { SOURCE_WEIGHT, weightOf, type Candidate } from './candidates';

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

/**
 * A title without the shop's name or a promotion around it: "Tully Sconce | Pottery Barn" ->
 * "Tully Sconce", "Positron Quickdraw Set - 18cm - REI.com" -> "Positron Quickdraw Set - 18cm".
 */
export function stripSiteName(title: string, siteNames: string[]): string {
  const names = siteNames.map(comparable).filter((n) => n.length >= 3);
  const isDecoration = (segment: string) => {
    if (segment.length > 100) return false; // shop names and promotions are short
    if (PROMOTION.test(segment.trim()) || SHOP_WORDS.test(segment.trim())) return true;
    const key = comparable(segment.replace(/^\s*(?:on|at)\s+/i, '').replace(/\.(?:com|co\.\w+|net|org)\b/gi, ''));
    return key.length === 0 || names.some((name) => name.includes(key) || key.includes(name));
  };
  // Odd indexes are the separators between segments.
  const parts = title.split(SEPARATOR);
  while (parts.length > 2 && isDecoration(parts[parts.length - 1]!)) parts.splice(-2);
  while (parts.length > 2 && isDecoration(parts[0]!)) parts.splice(0, 2);
  return parts.join('').replace(/\s+(?:on|at)\s+\S+$/i, (suffix) => (isDecoration(suffix) ? '' : suffix)).trim();
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

export function choosePrice(candidates: Candidate[]): ChosenPrice | null {
  const groups = new Map<string, Group<ChosenPrice>>();
  for (const candidate of candidates) {
    const parsed = parsePrice(candidate.value, { currencyHint: candidate.currency });
    if (!parsed.amount || Number(parsed.amount) <= 0) continue;
    const key = String(Number(parsed.amount));
    const stated = candidate.currency && isoCodeOfToken(candidate.currency) ? candidate.currency : null;
    const token = stated ?? parsed.currencyToken;
    const group = groups.get(key) ?? { value: { price: formatAmount(parsed.amount), currency: null, currencyToken: null, isRange: false }, members: [], support: 0 };
    if (!group.value.currency && token) {
      group.value.currency = isoCodeOfToken(token);
      group.value.currencyToken = token;
    }
    group.value.isRange ||= parsed.isRange || candidate.ambiguous === true;
    group.members.push(candidate);
    groups.set(key, group);
  }
  return vote(groups.values());
}

const NAMED_WIDTHS: Record<string, number> = {
  pico: 16, icon: 32, thumb: 50, small: 100, compact: 160, medium: 240, large: 480, grande: 600, xlarge: 1200, hires: 1500, zoom: 1500, master: 4096,
};
const NAMED_SIZE = Object.keys(NAMED_WIDTHS).join('|');

/** Pixel width a URL's rendition names ("_1024x1024", "_grande", "/zoom/"); 0 when it names none. */
function renditionWidth(url: string): number {
  const path = url.split('?')[0]!;
  const sized = /[-_/](?:images)?(\d{2,4})x\d*(?=[._/])/i.exec(path);
  if (sized) return Number(sized[1]);
  const named = new RegExp(`[-_/](${NAMED_SIZE})(?=[./])`, 'i').exec(path)?.[1]?.toLowerCase();
  return named ? NAMED_WIDTHS[named]! : 0;
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

const isShown = (candidate: Candidate) => candidate.source === 'hero' || candidate.source === 'displayed';

/**
 * Of one picture's renditions: the largest named size; else the shown one when it refines a
 * declared URL ("…/hero" shown as "…/hero?$xlarge$"); else the best declared one.
 */
function bestRendition(picture: Picture): string {
  const widths = new Set(picture.members.map((m) => renditionWidth(m.url)));
  if (widths.size > 1) return [...picture.members].sort((a, b) => renditionWidth(b.url) - renditionWidth(a.url))[0]!.url;
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
    if (!url || /\.svg(\?|$)/i.test(url)) continue;
    const picture = pictures.find((p) => p.members.some((m) => samePicture(m.url, url)));
    if (picture) picture.members.push({ url, candidate });
    else pictures.push({ members: [{ url, candidate }] });
  }
  const marked = pictures.filter((p) => p.members.some((m) => m.candidate.source !== 'displayed'));
  const eligible = marked.length > 0 ? marked : pictures.slice(0, 1);
  return vote(eligible.map((picture) => ({ value: bestRendition(picture), members: picture.members.map((m) => m.candidate), support: 0 }))) ?? '';
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
