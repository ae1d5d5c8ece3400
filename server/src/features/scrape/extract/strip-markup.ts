/**
 * Removes what extraction never reads (scripts other than JSON-LD, styles, inline SVG,
 * comments) before parsing: a shop page is mostly script, and parsing it dominates the time.
 * A small tag scanner (quotes respected, so "<script" inside an attribute is left alone) that
 * only moves forward with indexOf: linear in the page size, whatever the page holds.
 */
const RAW_BLOCKS = new Set(['script', 'style', 'svg']);
/** Where each raw block ends, found case-insensitively without a lower-cased copy of the page. */
const BLOCK_CLOSE: Record<string, RegExp> = { script: /<\/script/gi, style: /<\/style/gi, svg: /<\/svg/gi };
const TAG_NAME = /<([a-zA-Z][\w-]*)/y;

const TAG_END_OR_QUOTE = /["'>]/g;

/** Index just past the '>' that ends the tag starting at `start`, skipping quoted attribute values. */
function endOfTag(html: string, start: number): number {
  TAG_END_OR_QUOTE.lastIndex = start + 1;
  for (let match = TAG_END_OR_QUOTE.exec(html); match; match = TAG_END_OR_QUOTE.exec(html)) {
    if (match[0] === '>') return match.index + 1;
    const quoteEnd = html.indexOf(match[0], match.index + 1);
    if (quoteEnd === -1) return html.length;
    TAG_END_OR_QUOTE.lastIndex = quoteEnd + 1;
  }
  return html.length;
}

export function stripNonContent(html: string): string {
  const kept: string[] = [];
  let copiedUpTo = 0;
  let position = 0;
  while (position < html.length) {
    const open = html.indexOf('<', position);
    if (open === -1) break;
    if (html.startsWith('<!--', open)) {
      const end = html.indexOf('-->', open + 4);
      kept.push(html.slice(copiedUpTo, open));
      position = copiedUpTo = end === -1 ? html.length : end + 3;
      continue;
    }
    TAG_NAME.lastIndex = open;
    const name = TAG_NAME.exec(html)?.[1]?.toLowerCase();
    const tagEnd = name ? endOfTag(html, open) : open + 1;
    if (!name || !RAW_BLOCKS.has(name)) {
      position = tagEnd;
      continue;
    }
    const close = BLOCK_CLOSE[name]!;
    close.lastIndex = tagEnd;
    const closeAt = close.exec(html)?.index ?? -1;
    const blockEnd = closeAt === -1 ? html.length : endOfTag(html, closeAt);
    const isJsonLd = name === 'script' && /ld\+json/i.test(html.slice(open, tagEnd));
    if (!isJsonLd) {
      kept.push(html.slice(copiedUpTo, open));
      copiedUpTo = blockEnd;
    }
    position = blockEnd;
  }
  kept.push(html.slice(copiedUpTo));
  return kept.join('');
}
