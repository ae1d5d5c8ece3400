import type { CheerioAPI } from 'cheerio';
import type { Element } from 'domhandler';
import { comparable } from './choose';
import type { CandidateList } from './candidates';
import { OTHER_PRODUCTS_SELECTOR } from './page-regions';

/** Ids and classes shops give the big product picture. */
const HERO_NAME = /hero|main[-_]?(image|img|photo)|primary[-_]?(image|img)|product[-_]?(photo|image|img)|mainimage|zoom[-_]?(large|image)|header[-_]?image/i;
const MAX_EACH = 2;

/**
 * The product pictures the shopper actually sees: the <img> named like a hero image ('hero'),
 * and <img>s whose alt text is the product's name ('displayed', whose alt is also a title).
 */
export function addDisplayedImageCandidates($: CheerioAPI, candidates: CandidateList): void {
  const names = candidates.of('title').filter((c) => c.source !== 'document').map((c) => comparable(c.value)).filter((n) => n.length >= 4);
  let heroes = 0;
  let named = 0;
  const seen = new Set<string>();
  $('img').each((_, element) => {
    const img = $(element as Element);
    const src = img.attr('src') || img.attr('data-src') || img.attr('data-lazy-src');
    if (!src || src.startsWith('data:') || seen.has(src)) return;
    seen.add(src);
    const width = Number(img.attr('width') ?? 0);
    if (width > 0 && width < 120) return;
    const label = `${img.attr('id') ?? ''} ${img.attr('class') ?? ''} ${img.attr('data-ui') ?? ''}`;
    const alt = img.attr('alt') ?? '';
    const altKey = comparable(alt);
    const isHero = heroes < MAX_EACH && HERO_NAME.test(label);
    const isNamed = named < MAX_EACH && names.some((name) => altKey.includes(name));
    if (!(isHero || isNamed) || /thumb|logo|icon|swatch/i.test(label) || img.closest(OTHER_PRODUCTS_SELECTOR).length > 0) return;
    if (isHero) {
      heroes++;
      candidates.add('image', src, 'hero');
    }
    if (isNamed) {
      named++;
      candidates.add('image', src, 'displayed');
      candidates.add('title', alt, 'displayed');
    }
    if (heroes >= MAX_EACH && named >= MAX_EACH) return false;
  });
}
