import type { CapturedPage } from '@wishwell/shared/scrape-types';

/** Characters of HTML a capture sends: under POST /scrape/page's 4 MB even with some multi-byte text. */
export const CAPTURE_HTML_CHARACTERS = 3_000_000;

/**
 * The page as the browser shows it, for POST /scrape/page: without scripts (JSON-LD kept: it is
 * data), styles, frames and inline pictures, cut at `cap` characters. Runs in the shop's page, sent
 * there as its own source (by the bookmarklet and by the extension's scripting.executeScript), so
 * it may use nothing outside itself.
 */
export function serialisePage(cap: number): CapturedPage {
  const copy = document.documentElement.cloneNode(true) as HTMLElement;
  copy.querySelectorAll('script:not([type="application/ld+json"]),noscript,style,iframe,svg,template').forEach((element) => element.remove());
  return { url: location.href, html: `<!doctype html>${copy.outerHTML}`.slice(0, cap) };
}
