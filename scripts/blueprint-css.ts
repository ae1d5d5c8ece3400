/**
 * Blueprint's style sheet cut to the rules the built site can use (docs/developing/web.md,
 * "Blueprint's style sheet, cut at build"). Blueprint makes its class names at run time from its
 * namespace: in the minified scripts they are template literals over the namespace's variable
 * (`${mt}-popover`, then `${oe}-arrow` over that one) or concatenations (`Ji+"-fill"`), a lazy
 * chunk importing the variables it uses; some are prefixes completed with a value
 * (`${mt}-intent-${intent}`). This resolves those variables across the chunks and collects the
 * names the code puts to use (a variable only defined, of a component bundled but never drawn,
 * puts its name on no element) and the prefixes, with the `bp6-…` words written out in any built
 * file (the app's own sheets and scripts, the HTML shell). A selector stays when each Blueprint
 * class it requires is such a name or starts with such a prefix; rules without Blueprint classes,
 * keyframes, font faces and custom properties stay as they are.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CssRules } from '@wishwell/shared/css-rules';

export const BLUEPRINT_NAMESPACE = 'bp6';
/** Blueprint's whole sheet as installed, which the build cuts. */
export const INSTALLED_BLUEPRINT_SHEET = join(import.meta.dirname, '..', 'node_modules', '@blueprintjs', 'core', 'lib', 'css', 'blueprint.css');

/** A built file: its name (the one other chunks import it by) and its text. */
export interface BuiltFile {
  name: string;
  text: string;
}

/** The Blueprint classes the built site can put on an element. */
export interface ProducedClasses {
  names: Set<string>;
  /** Starts of names completed at run time (`bp6-intent-`). */
  prefixes: string[];
  /** Every word in the scripts: what an icon class may be completed with. */
  words: Set<string>;
}

/**
 * Prefixes completed with a name the scripts hold as a word: an icon's class (`bp6-icon-people`)
 * is made from the icon's name, and the icons the app draws are named in its icon tables. The
 * sheet has a rule for each of Blueprint's 700 icons; other prefixes complete with a few values
 * (some put together at run time, like a popover's `bottom-start`) and keep all their rules.
 */
const COMPLETED_WITH_A_WORD = [`${BLUEPRINT_NAMESPACE}-icon-`];

/**
 * Blueprint animates overlays, popovers and toasts with react-transition-group's CSSTransition,
 * which joins the stage to the transition's name at run time (`bp6-overlay-enter-active`): any
 * produced name may so be completed.
 */
const TRANSITION_STAGES = ['appear', 'enter', 'exit'].flatMap((stage) => ['', '-active', '-done'].map((end) => `-${stage}${end}`));

const ID = '[A-Za-z_$][\\w$]*';
/** `x=\`${y}-suffix\``: a class name made from another one. */
const DERIVED = new RegExp(`(?<![\\w$.])(${ID})=\`\\$\\{(${ID})\\}(-[\\w-]*)\``, 'g');
const NAMESPACE_VARIABLE = new RegExp(`(?<![\\w$.])(${ID})="${BLUEPRINT_NAMESPACE}"`, 'g');
/** `${y}-suffix`, and whether a value follows at once (then it is a prefix). */
const TEMPLATE_USE = new RegExp(`\\$\\{(${ID})\\}(-[\\w-]*)(\\$\\{)?`, 'g');
/** `y+"-suffix"` (and a `+` after it: a prefix), as a popover's arrow makes its parts' names. */
const CONCATENATION = new RegExp(`(?<![\\w$.])(${ID})\\+(["'])(-[\\w-]*)\\2(\\+)?`, 'g');
const IMPORT = /import\{([^}]*)\}from"\.\/([^"]+)"/g;
const EXPORT = /export\{([^}]*)\}/g;
const IDENTIFIER = new RegExp(`(?<![\\w$.])${ID}(?![\\w$])`, 'g');
const WRITTEN_OUT = new RegExp(`(?<![\\w-])${BLUEPRINT_NAMESPACE}-[\\w-]*`, 'g');

/** `a,b as c` → [local, outside] pairs: imports give [c, b], exports [b, c]. */
function bindings(list: string, importing: boolean): [string, string][] {
  return list.split(',').map((part) => {
    const [name, alias] = part.trim().split(/\s+as\s+/) as [string, string | undefined];
    return importing ? [alias ?? name, name] : [name, alias ?? name];
  });
}

/** What a minified chunk's top-level variables stand for: the namespace, a derived name, or an import. */
interface Scope {
  namespace: Set<string>;
  derived: Map<string, [base: string, suffix: string]>;
  imported: Map<string, [file: string, name: string]>;
  exported: Map<string, string>;
}

function scopeOf(text: string): Scope {
  const scope: Scope = { namespace: new Set(), derived: new Map(), imported: new Map(), exported: new Map() };
  for (const m of text.matchAll(NAMESPACE_VARIABLE)) scope.namespace.add(m[1]!);
  for (const m of text.matchAll(DERIVED)) if (!scope.derived.has(m[1]!)) scope.derived.set(m[1]!, [m[2]!, m[3]!]);
  for (const m of text.matchAll(IMPORT)) for (const [local, name] of bindings(m[1]!, true)) scope.imported.set(local, [m[2]!, name]);
  for (const m of text.matchAll(EXPORT)) for (const [local, name] of bindings(m[1]!, false)) scope.exported.set(name, local);
  return scope;
}

/** The class names and prefixes the built files can produce. */
export function producedClasses(scripts: BuiltFile[], otherTexts: string[]): ProducedClasses {
  const valueOf = resolver(new Map(scripts.map((file) => [file.name, scopeOf(file.text)])));
  const words: string[] = [];
  for (const file of scripts) {
    // A name's own definition, and the lists that pass it between chunks, put it on no element.
    const code = file.text.replace(DERIVED, '').replace(EXPORT, '').replace(IMPORT, '');
    for (const m of code.matchAll(TEMPLATE_USE)) {
      const base = valueOf(file.name, m[1]!);
      if (base !== undefined) words.push(base + m[2]! + (m[3] ? '*' : ''));
    }
    for (const m of code.matchAll(CONCATENATION)) {
      const base = valueOf(file.name, m[1]!);
      if (base !== undefined) words.push(base + m[3]! + (m[4] ? '*' : ''));
    }
    // A variable completed in a template (`${r}-button-text`) puts that name on an element, not its own.
    for (const m of code.replace(TEMPLATE_USE, '').matchAll(IDENTIFIER)) {
      const value = valueOf(file.name, m[0]);
      if (value !== undefined && value !== BLUEPRINT_NAMESPACE) words.push(value);
    }
  }
  for (const text of [...scripts.map((file) => file.text), ...otherTexts]) words.push(...[...text.matchAll(WRITTEN_OUT)].map((m) => m[0]));
  const isPrefix = (word: string) => word.endsWith('*') || word.endsWith('-');
  const names = words.filter((word) => !isPrefix(word));
  return {
    names: new Set(names.flatMap((name) => [name, ...TRANSITION_STAGES.map((stage) => name + stage)])),
    prefixes: [...new Set(words.filter(isPrefix).map((word) => word.replace(/\*$/, '')))],
    words: new Set(scripts.flatMap((file) => file.text.match(/[\w-]+/g) ?? [])),
  };
}

/** What the built site can produce: every script and sheet in `assetsDir` (but Blueprint's own, `except`) and the HTML shell. */
export function builtSiteClasses(assetsDir: string, shell: string, except?: string): ProducedClasses {
  const files = readdirSync(assetsDir)
    .filter((name) => /\.(js|css)$/.test(name) && name !== except)
    .map((name) => ({ name, text: readFileSync(join(assetsDir, name), 'utf8') }));
  const sheets = files.filter((file) => file.name.endsWith('.css')).map((file) => file.text);
  return producedClasses(files.filter((file) => file.name.endsWith('.js')), [...sheets, shell]);
}

/** The class name (or namespace) a chunk's variable stands for, following derivations and imports. */
function resolver(scopes: Map<string, Scope>): (file: string, variable: string) => string | undefined {
  const known = new Map<string, string | undefined>();
  const valueOf = (file: string, variable: string): string | undefined => {
    const key = `${file}\0${variable}`;
    if (known.has(key)) return known.get(key);
    known.set(key, undefined); // a circle resolves to nothing
    const scope = scopes.get(file);
    let value: string | undefined;
    if (scope?.namespace.has(variable)) value = BLUEPRINT_NAMESPACE;
    else if (scope?.derived.has(variable)) {
      const [base, suffix] = scope.derived.get(variable)!;
      const baseValue = valueOf(file, base);
      value = baseValue === undefined ? undefined : baseValue + suffix;
    } else if (scope?.imported.has(variable)) {
      const [from, name] = scope.imported.get(variable)!;
      const local = scopes.get(from)?.exported.get(name);
      value = local === undefined ? undefined : valueOf(from, local);
    }
    known.set(key, value);
    return value;
  };
  return valueOf;
}

/** Whether an element may wear the class `name`: not Blueprint's, or produced. */
export function mayBeProduced(name: string, produced: ProducedClasses): boolean {
  if (!name.startsWith(`${BLUEPRINT_NAMESPACE}-`)) return true;
  if (produced.names.has(name)) return true;
  return produced.prefixes.some(
    (prefix) => name.startsWith(prefix) && (!COMPLETED_WITH_A_WORD.includes(prefix) || produced.words.has(name.slice(prefix.length))),
  );
}

/** Blueprint's sheet with the selectors whose every Blueprint class may be produced. */
export function blueprintSubset(css: string, produced: ProducedClasses): string {
  return CssRules.parse(css).filter((classes) => classes.every((name) => mayBeProduced(name, produced)));
}
