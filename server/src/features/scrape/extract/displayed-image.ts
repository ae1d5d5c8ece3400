import type { Cheerio, CheerioAPI } from 'cheerio';
import type { Element } from 'domhandler';
import { comparable, MIN_PICTURE_PX } from './choose';
import type { CandidateList } from './candidates';
import { closestWhere, enclosingLink } from './dom-walk';
import { IMAGE_FILE, isOtherProductsRegion, linksToAnotherPage } from './page-regions';

/** Ids and classes shops give the big product picture. */
const HERO_NAME = /hero|main[-_]?(image|img|photo)|primary[-_]?(image|img)|product[-_]?(photo|image|img)|mainimage|zoom[-_]?(large|image)|header[-_]?image/i;
const MAX_EACH = 2;
/** Attributes where galleries keep the full-size picture of a shown image (zoom, lightbox). */
const LARGER_ATTRIBUTES = ['data-old-hires', 'data-zoom-image', 'data-large-image', 'data-large_image', 'data-large', 'data-zoom', 'data-full', 'data-hires', 'large-src', 'data-src-large'];
const looksLikeUrl = (value: string | undefined): value is string => !!value && /^(?:https?:)?\/\/|^\/|^[\w-]+\//.test(value.trim());

/** srcset entries as the HTML spec reads them: a URL up to whitespace, then a descriptor up to the comma. */
function srcsetEntries(srcset: string): { url: string; size: number }[] {
  const entries: { url: string; size: number }[] = [];
  const pattern = /[\s,]*(\S+)/y;
  for (let match = pattern.exec(srcset); match; match = pattern.exec(srcset)) {
    let url = match[1]!;
    let descriptor = '';
    if (url.endsWith(',')) url = url.replace(/,+$/, '');
    else {
      const comma = srcset.indexOf(',', pattern.lastIndex);
      const end = comma === -1 ? srcset.length : comma;
      descriptor = srcset.slice(pattern.lastIndex, end).trim();
      pattern.lastIndex = end;
    }
    entries.push({ url, size: Number.parseFloat(descriptor) || 1 });
  }
  return entries;
}

/** The largest srcset entry ("a.jpg 400w, b.jpg 1200w" -> b.jpg). */
function largestSrcset(srcset: string | undefined): string | undefined {
  return srcsetEntries(srcset ?? '').sort((a, b) => b.size - a.size)[0]?.url;
}

/** The full-size picture the page names for a shown <img>: a zoom attribute, the link around it, its srcset. */
function largerRendition(img: Cheerio<Element>, link: string | undefined): string | undefined {
  const zoom = LARGER_ATTRIBUTES.map((name) => img.attr(name)).find(looksLikeUrl);
  if (zoom) return zoom;
  if (link && IMAGE_FILE.test(link) && looksLikeUrl(link)) return link;
  return largestSrcset(img.attr('srcset') ?? img.attr('data-srcset'));
}

const declaredTooSmall = (img: Cheerio<Element>) => ['width', 'height'].some((side) => {
  const size = Number(img.attr(side) ?? 0);
  return size > 0 && size < MIN_PICTURE_PX;
});

/**
 * The product pictures the shopper actually sees: the <img> named like a hero image ('hero'),
 * <img>s whose alt text is the product's name ('displayed', whose alt is also a title), and the
 * first picture the page offers a larger version of ('gallery': a zoom or lightbox). Each comes
 * with the largest rendition the page names for it.
 */
export function addDisplayedImageCandidates($: CheerioAPI, candidates: CandidateList): void {
  const names = candidates.of('title').filter((c) => c.source !== 'document').map((c) => comparable(c.value)).filter((n) => n.length >= 4);
  let heroes = 0;
  let named = 0;
  let gallery = false;
  const seen = new Set<string>();
  $('img').each((_, element: Element) => {
    const img = $(element);
    const declared = (img.attr('src') || img.attr('data-src') || img.attr('data-lazy-src'))?.trim();
    // A placeholder (data: URI) until a script swaps the picture in: its full size stands for it.
    const src = declared && !declared.startsWith('data:') ? declared : LARGER_ATTRIBUTES.map((name) => img.attr(name)).find(looksLikeUrl);
    if (!src || seen.has(src)) return;
    seen.add(src);
    const label = `${img.attr('id') ?? ''} ${img.attr('class') ?? ''} ${img.attr('data-ui') ?? ''}`;
    // A picture that links to another page is that page's product (recommendations, cards).
    const link = enclosingLink(element)?.attribs.href;
    if (/logo|icon|swatch/i.test(label) || closestWhere(element, isOtherProductsRegion) || linksToAnotherPage(link)) return;
    const alt = img.attr('alt') ?? '';
    if (declaredTooSmall(img) || /thumb/i.test(`${label} ${alt}`)) return;
    const larger = largerRendition(img, link);
    if (!gallery && larger) {
      gallery = true;
      candidates.add('image', src, 'gallery', { larger });
    }
    const altKey = comparable(alt);
    const isHero = heroes < MAX_EACH && HERO_NAME.test(label);
    const isNamed = named < MAX_EACH && names.some((name) => altKey.includes(name));
    if (isHero) {
      heroes++;
      candidates.add('image', src, 'hero', { larger });
    }
    if (isNamed) {
      named++;
      candidates.add('image', src, 'displayed', { larger });
      candidates.add('title', alt, 'displayed');
    }
    if (heroes >= MAX_EACH && named >= MAX_EACH && gallery) return false;
  });
}
