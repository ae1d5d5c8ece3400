/**
 * Runs in the shop's page (scripting.executeScript sends its source alone: it may use nothing
 * outside itself). The rendered page without scripts (JSON-LD kept: it is data), styles, frames
 * and inline pictures, cut at `cap` characters.
 */
export function serialisePage(cap: number): { url: string; html: string } {
  const copy = document.documentElement.cloneNode(true) as HTMLElement;
  copy.querySelectorAll('script:not([type="application/ld+json"]),noscript,style,iframe,svg,template').forEach((element) => element.remove());
  return { url: location.href, html: `<!doctype html>${copy.outerHTML}`.slice(0, cap) };
}
