/**
 * A style sheet parsed into its rules, written out again with only the selectors a caller keeps:
 * the server's critical CSS of a page (server/src/site/critical-css.ts) and the build's cut of
 * Blueprint's sheet (scripts/blueprint-css.ts). A selector is judged by the classes it requires
 * (those inside :not() and attribute selectors do not count); @media/@supports/@layer/@container
 * groups keep their kept rules (and go when none is left), other at-rules (@keyframes, @font-face,
 * @charset) are kept as written. Comments go; declaration blocks lose their line breaks.
 */
type CssNode =
  | { kind: 'rule'; selectors: { text: string; classes: string[] }[]; body: string }
  | { kind: 'group'; prelude: string; children: CssNode[] }
  | { kind: 'verbatim'; text: string };

/** At-rules whose block holds rules (filtered inside); every other at-rule is kept as written. */
const GROUPING_AT_RULES = /^@(media|supports|layer|container)\b/i;

/** Whether a selector stays, given the classes it requires. */
export type SelectorTest = (classes: readonly string[]) => boolean;

/**
 * A class the page may not wear yet, whose rules should also apply under a media query where a
 * selector stands in for it: Blueprint's dark theme (`.bp6-dark`) following a dark system while
 * <html> has the marker class. Each copy sits right after its rule, so the cascade keeps its order.
 */
export interface StandIn {
  className: string;
  media: string;
  selector: string;
}

export class CssRules {
  private constructor(private readonly nodes: CssNode[]) {}

  static parse(css: string): CssRules {
    const source = css.replace(/\/\*[\s\S]*?\*\//g, '');
    return new CssRules(parseBlock(source, { at: 0 }));
  }

  /** The sheet with the selectors `keeps` accepts (and, given, their stand-in copies). */
  filter(keeps: SelectorTest, standIn?: StandIn): string {
    return serialize(this.nodes, keeps, standIn);
  }
}

function parseBlock(css: string, cursor: { at: number }): CssNode[] {
  const nodes: CssNode[] = [];
  while (cursor.at < css.length) {
    const start = cursor.at;
    const brace = css.indexOf('{', start);
    const close = css.indexOf('}', start);
    if (close !== -1 && (brace === -1 || close < brace)) {
      cursor.at = close + 1; // the end of the enclosing group
      return nodes;
    }
    const semicolon = css.indexOf(';', start);
    if (brace === -1 || (semicolon !== -1 && semicolon < brace)) {
      // A statement at-rule (@charset, @import) or trailing text.
      const end = semicolon === -1 ? css.length : semicolon + 1;
      const text = css.slice(start, end).trim();
      if (text.startsWith('@')) nodes.push({ kind: 'verbatim', text });
      cursor.at = end;
      continue;
    }
    const prelude = css.slice(start, brace).trim();
    if (GROUPING_AT_RULES.test(prelude)) {
      cursor.at = brace + 1;
      nodes.push({ kind: 'group', prelude, children: parseBlock(css, cursor) });
    } else {
      const end = matchingBrace(css, brace);
      if (prelude.startsWith('@')) nodes.push({ kind: 'verbatim', text: css.slice(start, end + 1).trim() });
      else nodes.push({ kind: 'rule', selectors: splitSelectors(prelude).map(selectorOf), body: compact(css.slice(brace + 1, end)) });
      cursor.at = end + 1;
    }
  }
  return nodes;
}

/** A declaration block without the indentation and line breaks of the source. */
function compact(body: string): string {
  return body.replace(/\s+/g, ' ').replace(/\s*;\s*/g, ';').trim();
}

function matchingBrace(css: string, open: number): number {
  let depth = 0;
  for (let i = open; i < css.length; i++) {
    if (css[i] === '{') depth++;
    else if (css[i] === '}' && --depth === 0) return i;
  }
  return css.length - 1;
}

/** Splits a selector list at its top-level commas (not those inside :is(...) or [attr=","]). */
function splitSelectors(prelude: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < prelude.length; i++) {
    const c = prelude[i];
    if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (c === ',' && depth === 0) {
      parts.push(prelude.slice(start, i).trim());
      start = i + 1;
    }
  }
  parts.push(prelude.slice(start).trim());
  return parts;
}

function selectorOf(text: string): { text: string; classes: string[] } {
  const required = text.replace(/:not\((?:[^()]|\([^()]*\))*\)/g, '').replace(/\[[^\]]*\]/g, '');
  return { text, classes: [...required.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((m) => m[1]!) };
}

function serialize(nodes: CssNode[], keeps: SelectorTest, standIn: StandIn | undefined): string {
  let out = '';
  // Stand-in copies of consecutive rules share one media block, closed before any other rule.
  let copies = '';
  const flush = () => {
    if (copies && standIn) out += `${standIn.media}{${copies}}`;
    copies = '';
  };
  for (const node of nodes) {
    if (node.kind !== 'rule') flush();
    if (node.kind === 'verbatim') out += node.text;
    else if (node.kind === 'group') {
      const inner = serialize(node.children, keeps, standIn);
      if (inner) out += `${node.prelude}{${inner}}`;
    } else {
      const kept = node.selectors.filter((s) => keeps(s.classes));
      if (kept.length === 0) continue;
      const stoodIn = standIn ? kept.filter((s) => s.classes.includes(standIn.className)) : [];
      if (stoodIn.length < kept.length) flush();
      out += `${kept.map((s) => s.text).join(',')}{${node.body}}`;
      if (stoodIn.length > 0) copies += `${stoodIn.map((s) => replaceClass(s.text, standIn!)).join(',')}{${node.body}}`;
    }
  }
  flush();
  return out;
}

function replaceClass(selector: string, standIn: StandIn): string {
  return selector.replace(new RegExp(`\\.${standIn.className}(?![\\w-])`, 'g'), standIn.selector);
}
