import type { ClipboardEvent } from 'react';
import { linksInText } from '@wishwell/shared/links-in-text';

/** The links of a text that holds more than one, else null. */
export function severalLinks(text: string): string[] | null {
  const links = linksInText(text).map(({ url }) => url);
  return links.length > 1 ? links : null;
}

/**
 * A paste handler for a one-line field, which would join the pasted lines: text holding several
 * links goes to `onManyLinks` (the bulk view) as pasted, anything else into the field.
 */
export const pasteOfLinks = (onManyLinks: (links: string[]) => void) => (event: ClipboardEvent<HTMLInputElement>) => {
  const links = severalLinks(event.clipboardData.getData('text'));
  if (!links) return;
  event.preventDefault();
  onManyLinks(links);
};
