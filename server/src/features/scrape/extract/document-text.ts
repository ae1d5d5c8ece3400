import type { CheerioAPI } from 'cheerio';
import type { Element } from 'domhandler';
import type { CandidateList } from './candidates';
import { comparable } from './choose';
import { closestWhere } from './dom-walk';

const isSiteNavigation = (element: Element) => element.name === 'nav' || element.name === 'footer' || element.attribs.role === 'navigation';

/** The page's own <title> and first <h1>: weak alone, strong when they agree with richer data. */
export function addDocumentCandidates($: CheerioAPI, candidates: CandidateList): void {
  const documentTitle = $('head title').first().text() || $('title').first().text();
  candidates.add('title', documentTitle, 'document');
  // A heading in a menu ("Shop By Department") names a part of the shop, not the product.
  const headings = $('h1')
    .filter((_, el) => $(el).text().trim().length > 2 && !closestWhere(el, isSiteNavigation))
    .map((_, el) => $(el).text())
    .get();
  // The heading the document title repeats: others are dialogs ("Adding to Cart..."), widgets, author boxes.
  const titleKey = comparable(documentTitle);
  const repeated = headings.find((text) => comparable(text).length > 2 && titleKey.includes(comparable(text)));
  // Otherwise the first heading counts no more than the document title.
  if (repeated) candidates.add('title', repeated, 'heading');
  else candidates.add('title', headings[0], 'document');
}
