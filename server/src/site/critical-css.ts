/**
 * Critical CSS of a server-rendered page: the rules of the site's style sheets that can apply to
 * its markup. A rule is kept when every class its selector names is used in the page (classes
 * inside :not() do not count, selectors without classes are kept); @media/@supports groups keep
 * their matching rules, @keyframes and the like are kept whole. The page inlines this and loads
 * the full sheets after their content, so the first paint waits for no style sheet download.
 *
 * The sheets are parsed once (@wishwell/shared/css-rules); filtering is then a walk over the
 * rules, cheap enough to run for every rendered page (and those are cached).
 */
import { CssRules, type StandIn } from '@wishwell/shared/css-rules';

export type { StandIn } from '@wishwell/shared/css-rules';

export class CriticalCss {
  private constructor(private readonly rules: CssRules) {}

  static parse(css: string): CriticalCss {
    return new CriticalCss(CssRules.parse(css));
  }

  /** The rules that can apply to markup using exactly `classes` (and, given, their stand-in copies). */
  for(classes: ReadonlySet<string>, standIn?: StandIn): string {
    return this.rules.filter((required) => required.every((name) => classes.has(name)), standIn);
  }
}

/** Every class name in the markup's class attributes. */
export function classesIn(html: string): Set<string> {
  const classes = new Set<string>();
  for (const match of html.matchAll(/\bclass="([^"]*)"/g)) {
    for (const name of match[1]!.split(/\s+/)) if (name) classes.add(name);
  }
  return classes;
}
