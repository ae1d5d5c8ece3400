/**
 * Every extraction layer proposes candidates; the chooser cross-checks them. A value several
 * layers agree on beats one layer's word, and a layer's weight says how much it is trusted.
 */
export type Field = 'title' | 'price' | 'image' | 'description';

export type CandidateSource =
  | 'config' // the domain's scraper config selectors
  | 'site' // built-in knowledge of a big shop's markup
  | 'jsonld'
  | 'meta' // OpenGraph / product: meta
  | 'microdata'
  | 'heading' // the page's <h1>
  | 'hero' // the <img> the page marks as its main product picture
  | 'displayed' // an <img> whose alt text is the product's name
  | 'gallery' // the first <img> the page offers a larger version of (zoom, lightbox)
  | 'document' // <title>, generic meta
  | 'text'; // visible-text heuristics

export interface Candidate {
  field: Field;
  value: string;
  source: CandidateSource;
  /** For prices: the currency that came with it (token or ISO), if any. */
  currency?: string | null;
  /** For prices: a range, "from" or instalment price the shop showed. */
  ambiguous?: boolean;
  /** For prices: a summary of several offers (JSON-LD AggregateOffer), trusted less than a direct price. */
  aggregate?: boolean;
  /** A factor below 1 when the chooser found reason to doubt the value (a price the page never shows). */
  discount?: number;
  /** For shown images: the larger rendition the page names for the picture (zoom, link, srcset). */
  larger?: string;
  /** For titles: the brand the layer named beside the product name. */
  brand?: string | null;
}

export const SOURCE_WEIGHT: Record<CandidateSource, number> = {
  config: 10,
  site: 6,
  jsonld: 4,
  meta: 3,
  microdata: 3,
  heading: 2,
  hero: 4,
  displayed: 1,
  gallery: 3,
  document: 1,
  text: 1,
};

/** How much one candidate counts in the vote. */
export function weightOf(candidate: Candidate): number {
  // og:image is picked for social sharing (crops, banners): the product markup's own image wins a tie.
  if (candidate.field === 'image' && candidate.source === 'meta') return SOURCE_WEIGHT.meta - 0.5;
  return (SOURCE_WEIGHT[candidate.source] - (candidate.aggregate ? 2 : 0)) * (candidate.discount ?? 1);
}

const MAX_VALUE_LENGTH = 2000;

export class CandidateList {
  readonly all: Candidate[] = [];

  add(field: Field, value: string | null | undefined, source: CandidateSource, extra: Partial<Candidate> = {}): void {
    // Product values are short; the cap keeps the later text patterns cheap on hostile pages.
    const clean = value?.slice(0, MAX_VALUE_LENGTH).replace(/\s+/g, ' ').trim();
    if (clean) this.all.push({ field, value: clean, source, ...extra });
  }

  of(field: Field): Candidate[] {
    return this.all.filter((c) => c.field === field);
  }
}
