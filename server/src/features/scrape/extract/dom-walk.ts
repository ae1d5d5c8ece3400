/**
 * Walks over the parsed page for questions asked once per element (is it inside a link, how
 * long is its text). cheerio's closest(selector) and is(selector) compile their selector on every
 * call, and text() reads a whole subtree however large: asked per image or per price element,
 * that cost more than parsing the page.
 */
import { isTag, type AnyNode, type Element } from 'domhandler';

/** The element itself or its nearest ancestor that passes `test`, else null. */
export function closestWhere(element: Element, test: (element: Element) => boolean): Element | null {
  for (let node: Element | null = element; node && isTag(node); node = node.parent as Element | null) {
    if (test(node)) return node;
  }
  return null;
}

/** The nearest link (`<a href>`) around the element, or the element itself when it is one. */
export function enclosingLink(element: Element): Element | null {
  return closestWhere(element, (node) => node.name === 'a' && node.attribs.href !== undefined);
}

/**
 * The text of a subtree as cheerio's text() reads it, or null as soon as it holds more than
 * `limit` characters (`spaces: false`: counting only the non-space ones, for texts that are
 * judged after their whitespace is collapsed).
 */
export function textWithin(node: AnyNode, limit: number, { spaces = true } = {}): string | null {
  const parts: string[] = [];
  let counted = 0;
  const visit = (current: AnyNode): boolean => {
    if (current.type === 'text') {
      const { data } = current as AnyNode & { data: string };
      counted += spaces ? data.length : countNonSpace(data);
      parts.push(data);
      return counted <= limit;
    }
    if (!('children' in current)) return true;
    return current.children.every(visit);
  };
  return visit(node) ? parts.join('') : null;
}

const countNonSpace = (text: string) => text.replace(/\s+/g, '').length;
