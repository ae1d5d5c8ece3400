import { SOURCE_LANGUAGE, type Language } from '@wishwell/shared/languages';
import { fillPlaceholders, type TOptions } from '@wishwell/shared/placeholders';
import { ENGLISH, type Translation } from './catalogues';

export type { TOptions };
/** Looks a dotted key ('share.markPurchased') up in the current language, English underneath. */
export type TFunction = (key: string, options?: TOptions) => string;

/**
 * The app's texts in one language at a time, English underneath for any key it lacks: i18next's
 * lookup rules for what the catalogues use (nested keys, `{{name}}` filled as plain text,
 * `_zero`/`_one`/`_other`/… plural keys picked by `Intl.PluralRules`), in a few hundred bytes
 * instead of i18next's and react-i18next's ~18 KB (web/test/unit/i18n.test.ts holds it to
 * i18next's answers for every key of every catalogue).
 */
export class I18n {
  private readonly catalogues = new Map<Language, Translation>([[SOURCE_LANGUAGE, ENGLISH]]);
  private readonly listeners = new Set<() => void>();
  language: Language;
  /** `t` of the current language: a new function after each change, so hooks depending on it re-run. */
  t: TFunction;

  constructor(language: Language, catalogue: Translation) {
    this.catalogues.set(language, catalogue);
    this.language = language;
    this.t = this.fixedT(language);
  }

  hasCatalogue(language: Language): boolean {
    return this.catalogues.has(language);
  }

  /** Speaks `language` from now on (its catalogue given the first time) and tells every subscriber. */
  changeLanguage(language: Language, catalogue?: Translation): void {
    if (catalogue) this.catalogues.set(language, catalogue);
    this.language = language;
    this.t = this.fixedT(language);
    for (const listener of this.listeners) listener();
  }

  /** Whether `language`'s catalogue holds the group of texts `key` (e.g. the admin console's). */
  hasGroup(language: Language, key: string): boolean {
    const catalogue = this.catalogues.get(language);
    return catalogue !== undefined && Object.hasOwn(catalogue, key);
  }

  /**
   * Adds the group of texts `key` to the loaded catalogue of `language`: texts that come with a
   * chunk of their own (the admin console's, `t('admin.users.title')`), never in the main bundle.
   */
  addGroup(language: Language, key: string, texts: Translation): void {
    const catalogue = this.catalogues.get(language);
    if (!catalogue) throw new Error(`the ${language} catalogue is not loaded`);
    this.catalogues.set(language, { ...catalogue, [key]: texts });
  }

  /** Calls `listener` after each language change; answers the function that stops it. */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private fixedT(language: Language): TFunction {
    const languages = language === SOURCE_LANGUAGE ? [language] : [language, SOURCE_LANGUAGE];
    return (key, options) => {
      for (const code of languages) {
        const text = this.lookUp(code, key, options?.count);
        if (text !== undefined) return options ? fillPlaceholders(text, options, code) : text;
      }
      return key;
    };
  }

  /** `key`'s text in `language`: for a number `count`, its `_zero` (for 0), then its plural form, then the bare key. */
  private lookUp(language: Language, key: string, count: unknown): string | undefined {
    const catalogue = this.catalogues.get(language);
    if (!catalogue) return undefined;
    const candidates = typeof count === 'number' ? [`${key}_${pluralForm(language, count)}`, key] : [key];
    if (count === 0) candidates.unshift(`${key}_zero`);
    for (const candidate of candidates) {
      const text = textAt(catalogue, candidate);
      if (text !== undefined) return text;
    }
    return undefined;
  }
}

/** An instance speaking `language` from `catalogue` (already in memory, so the first render is in it). */
export function createI18n(language: Language, catalogue: Translation): I18n {
  return new I18n(language, catalogue);
}

function textAt(catalogue: Translation, key: string): string | undefined {
  let node: string | Translation | undefined = catalogue;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || !Object.hasOwn(node, part)) return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/**
 * Languages whose plural rules (CLDR) count 0 as one where readers write the plural: "0 itens" in
 * Brazilian Portuguese, not "0 item". French also counts 0 as one, and "0 article" is right there.
 */
const ZERO_IS_PLURAL: ReadonlySet<Language> = new Set(['pt-BR']);

function pluralForm(language: Language, count: number): Intl.LDMLPluralRule {
  return count === 0 && ZERO_IS_PLURAL.has(language) ? 'other' : pluralRules(language).select(count);
}

const rulesByLanguage = new Map<Language, Intl.PluralRules>();
function pluralRules(language: Language): Intl.PluralRules {
  let rules = rulesByLanguage.get(language);
  if (!rules) rulesByLanguage.set(language, (rules = new Intl.PluralRules(language)));
  return rules;
}
