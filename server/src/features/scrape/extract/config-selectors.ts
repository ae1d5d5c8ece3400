import type { CheerioAPI } from 'cheerio';
import type { CandidateList } from './candidates';

/** The CSS selectors an admin set for a domain (Scraper Strategy Management). */
export interface SelectorConfig {
  titleSelector: string;
  priceSelector: string;
  imageSelector: string;
  imageAttribute: string;
  /** Price markup with split parts or a struck-through former price beside the current one. */
  isPriceComplex: boolean;
}

const FORMER_PRICE_PARTS = 'del, s, strike, [class*="was" i], [class*="old" i], [class*="compare" i], [class*="regular" i], [class*="original" i]';

/** A broken selector from the admin must not break the scrape: it just finds nothing. */
function select($: CheerioAPI, selector: string) {
  if (!selector.trim()) return null;
  try {
    const found = $(selector).first();
    return found.length > 0 ? found : null;
  } catch {
    return null;
  }
}

export function addConfigCandidates($: CheerioAPI, config: SelectorConfig, candidates: CandidateList): void {
  candidates.add('title', select($, config.titleSelector)?.text(), 'config');
  const image = select($, config.imageSelector);
  candidates.add('image', image?.attr(config.imageAttribute || 'src') ?? image?.attr('src'), 'config');
  const price = select($, config.priceSelector);
  if (!price) return;
  if (!config.isPriceComplex) {
    candidates.add('price', price.attr('content') ?? price.text(), 'config');
    return;
  }
  const current = price.clone();
  current.find(FORMER_PRICE_PARTS).remove();
  // "£12<sup>99</sup>": whole and fractional parts in separate elements.
  const parts = current.find('*').length > 0 ? current.children().map((_, el) => $(el).text().trim()).get().filter(Boolean) : [];
  const joined = parts.length === 2 && /^\D*\d+$/.test(parts[0]!) && /^\d{2}$/.test(parts[1]!) ? `${parts[0]}.${parts[1]}` : current.text();
  candidates.add('price', joined, 'config');
}
