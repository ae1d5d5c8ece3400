/**
 * An account's currency: chosen at sign-up from how the visitor reads the site, changed when the
 * profile's country hint names a country.
 */
import { currencyOfCountry } from './currency-tokens';

/** Regions a browser's language names but no shop's host does (there are no .us shops to read). */
const REGION_CURRENCIES: Record<string, string> = { us: 'USD' };

/** A language without a region: the currency most of its readers pay in. English names none (the UK, the US, …). */
const LANGUAGE_CURRENCIES: Record<string, string> = { de: 'EUR', fr: 'EUR', es: 'EUR', it: 'EUR', nl: 'EUR', pl: 'PLN', sv: 'SEK', ja: 'JPY', pt: 'BRL' };

const COUNTRY_NAMES: [RegExp, string][] = [
  [/^(usa|u\.s\.a?\.?|united states( of america)?|america)$/, 'USD'],
  [/^(can|canada)$/, 'CAD'],
  [/^(aus|australia)$/, 'AUD'],
  [/^(nzl|new zealand)$/, 'NZD'],
  [/^(united kingdom|great britain|britain|england|scotland|wales|northern ireland)$/, 'GBP'],
];

function currencyOfRegion(region: string): string | null {
  return REGION_CURRENCIES[region] ?? currencyOfCountry(region);
}

/** A language tag's primary subtag and region, lower-cased ("pt-BR" → pt, br; "zh-Hant-TW" → zh, tw). */
function subtags(tag: string): { primary: string; region: string | undefined } {
  const [primary = '', ...rest] = tag.trim().toLowerCase().split(/[-_]/);
  return { primary, region: rest.find((part) => /^[a-z]{2}$/.test(part)) };
}

/**
 * A new account's currency from the visitor's languages: the region of the first tag their
 * browser accepts in the language the site speaks to them ("en-US" → USD, "de-CH" → CHF), else
 * that language's own region ("pt-BR" → BRL), else the currency most of its readers pay in
 * (de → EUR). Null where nothing says (English without a region): the instance's default holds.
 */
export function currencyOfVisitor(language: string, accepted: readonly string[]): string | null {
  const { primary } = subtags(language);
  for (const tag of [...accepted.filter((tag) => subtags(tag).primary === primary), language]) {
    const { region } = subtags(tag);
    const currency = region ? currencyOfRegion(region) : null;
    if (currency) return currency;
  }
  return LANGUAGE_CURRENCIES[primary] ?? null;
}

/**
 * The currency a profile's country hint names ("US", "Canada", "DE", "United Kingdom"), or null
 * when it names none the app knows (the account keeps its currency).
 */
export function currencyForCountry(country: string): string | null {
  const hint = country.trim().toLowerCase();
  if (/^[a-z]{2}$/.test(hint)) return currencyOfRegion(hint);
  return COUNTRY_NAMES.find(([pattern]) => pattern.test(hint))?.[1] ?? null;
}
