/**
 * The web links in any text (a pasted list, a mail, a chat message): the Add Item box's bulk
 * view and the import of plain text both read them this way.
 */

/** A link as written, up to the first space, quote or bracket that cannot end a URL. */
const LINK = /https?:\/\/[^\s<>"'`]+/gi;
/** Bullets, dashes and colons around a label ("- Lego set: https://…"). */
const EDGE_MARKS = /^[\s\-–—:|•*]+|[\s\-–—:|•*]+$/g;
/** Punctuation that ends a sentence rather than the link ("see https://x.test/a."). */
const TRAILING = /[.,;:!?)\]}>]+$/;

export interface FoundLink {
  url: string;
  /** The 1-based line the link is on. */
  line: number;
  /** The line's other words (a title the writer gave it), trimmed; '' when none. */
  label: string;
}

function cleaned(raw: string): string | null {
  let candidate = raw.replace(TRAILING, '');
  // A closing bracket the link opened stays (Wikipedia-style "…_(film)").
  if (raw.length > candidate.length && candidate.includes('(') && raw[candidate.length] === ')') candidate += ')';
  try {
    const url = new URL(candidate);
    return url.hostname.includes('.') || url.hostname === 'localhost' || /^[\d.]+$|^\[/.test(url.hostname) ? url.href : null;
  } catch {
    return null;
  }
}

/** Every distinct link in `text`, in the order first written. */
export function linksInText(text: string): FoundLink[] {
  const seen = new Set<string>();
  const found: FoundLink[] = [];
  text.split(/\r\n|\r|\n/).forEach((lineText, index) => {
    const matches = [...lineText.matchAll(LINK)];
    const label = matches.length === 1 ? lineText.replace(matches[0]![0], ' ').replace(/\s+/g, ' ').replace(EDGE_MARKS, '') : '';
    for (const match of matches) {
      const url = cleaned(match[0]);
      if (!url || seen.has(url)) continue;
      seen.add(url);
      found.push({ url, line: index + 1, label });
    }
  });
  return found;
}
