import type { CheerioAPI } from 'cheerio';
import type { CandidateList } from './candidates';

/** The page's own <title> and first <h1>: weak alone, strong when they agree with richer data. */
export function addDocumentCandidates($: CheerioAPI, candidates: CandidateList): void {
  candidates.add('title', $('head title').first().text() || $('title').first().text(), 'document');
  // A heading in a menu ("Shop By Department") names a part of the shop, not the product.
  const heading = $('h1').filter((_, el) => $(el).text().trim().length > 2 && $(el).closest('nav, [role="navigation"], footer').length === 0).first();
  candidates.add('title', heading.text(), 'heading');
}
