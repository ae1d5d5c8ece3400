/**
 * The product extraction benchmark's pages in ../shared/product-pages (72 real shop pages with
 * labelled prices and three published systems' answers), scored by its README's rule: per page
 * a returned price equal to an accepted value is a true positive; a returned price not accepted
 * is a false positive and, where the page has a price, also a false negative; no price where the
 * page has one is a false negative. A label with decimals also accepts itself x 1000 (labels that
 * kept a thousands dot as a decimal point), for every system alike.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { currencyOfHost, isoCodeOfToken } from '@wishwell/shared/currency-tokens';
import { decodeHtml } from '@wishwell/server/features/scrape/charset';
import { extractProduct, type ExtractOptions } from '@wishwell/server/features/scrape/extract/index';

export const PRODUCT_PAGES_DIR = join(import.meta.dirname, '..', '..', '..', 'shared', 'product-pages');

export interface ProductPage {
  id: string;
  url: string;
  price: string[];
  currency: string[];
  published: Record<string, { price: string | null; currency: string | null }>;
}

export function productPages(dir = PRODUCT_PAGES_DIR): ProductPage[] {
  const labels = JSON.parse(readFileSync(join(dir, 'labels.json'), 'utf8')) as Record<string, Omit<ProductPage, 'id'>>;
  return Object.entries(labels).map(([id, page]) => ({ id, ...page }));
}

export const productPageBytes = (id: string, dir = PRODUCT_PAGES_DIR) => readFileSync(join(dir, 'pages', `${id}.html`));

const accepted = (page: ProductPage) => page.price.flatMap((label) => (label.includes('.') ? [Number(label), Number(label) * 1000] : [Number(label)]));

export type PriceVerdict = 'tp' | 'fp' | 'fn' | 'fp+fn' | 'tn';

export function priceVerdict(returned: string | null | undefined, page: ProductPage): PriceVerdict {
  const hasPrice = page.price.length > 0;
  if (!returned) return hasPrice ? 'fn' : 'tn';
  const value = Number(returned);
  if (accepted(page).some((label) => Math.abs(label - value) < 1e-6)) return 'tp';
  return hasPrice ? 'fp+fn' : 'fp';
}

export function priceF1(verdicts: PriceVerdict[]): { f1: number; precision: number; recall: number } {
  const count = (kind: 'tp' | 'fp' | 'fn') => verdicts.filter((v) => v.split('+').includes(kind)).length;
  const [tp, fp, fn] = [count('tp'), count('fp'), count('fn')];
  const precision = tp / (tp + fp || 1);
  const recall = tp / (tp + fn || 1);
  return { f1: precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall), precision, recall };
}

const OTHER_READINGS: Record<string, string> = { 'ر.س': 'SAR' };
const DOLLARS = ['USD', 'CAD', 'AUD', 'NZD', 'TWD', 'HKD', 'SGD', 'MXN', 'ARS', 'CLP', 'COP'];

/**
 * The ISO codes a page's printed currency may stand for: its own code; a bare `$` read with the
 * shop's country where that has dollars, else any dollar (a .com shop may be Taiwanese).
 */
export function acceptedCurrencies(page: ProductPage): string[] {
  const token = page.currency[0]?.replace(/~$/, '');
  if (!token) return [];
  if (token === '$') {
    const country = currencyOfHost(new URL(page.url).hostname);
    return country && DOLLARS.includes(country) ? [country] : DOLLARS;
  }
  const iso = isoCodeOfToken(token) ?? OTHER_READINGS[token];
  return iso ? [iso] : [];
}

const pct = (n: number, total: number) => `${n}/${total} (${((n / total) * 100).toFixed(1)}%)`;

/**
 * Prints price F1 on the product pages beside the three published systems (with every rule,
 * and with the big shops' site rules off), the currency accuracy where a page prints one, the
 * misses, and the extraction time per page.
 */
export async function benchProductPages(timedRuns: number, f1Target: number): Promise<{ times: number[]; cpu: number[] }> {
  const pages = productPages();
  const htmlOf = new Map(await Promise.all(pages.map(async (page) => [page.id, await decodeHtml(productPageBytes(page.id), 'text/html')] as const)));
  console.log(`\n== Product extraction benchmark pages (../shared/product-pages): ${pages.length} pages, price F1 by its README's rule ==`);
  for (const system of Object.keys(pages[0]!.published)) {
    const { f1, precision, recall } = priceF1(pages.map((page) => priceVerdict(page.published[system]?.price, page)));
    console.log(`  ${system.padEnd(44)} F1 ${f1.toFixed(3)}  (P ${precision.toFixed(3)}, R ${recall.toFixed(3)})`);
  }
  const runs: { label: string; options: ExtractOptions }[] = [{ label: 'Wishwell', options: {} }, { label: 'Wishwell, leave-one-shop-out (site rules off)', options: { siteRules: false } }];
  for (const run of runs) {
    const results = new Map(pages.map((page) => [page.id, extractProduct(htmlOf.get(page.id)!, new URL(page.url), null, run.options)]));
    const verdicts = pages.map((page) => priceVerdict(results.get(page.id)!.price, page));
    const { f1, precision, recall } = priceF1(verdicts);
    console.log(`  ${run.label.padEnd(44)} F1 ${f1.toFixed(3)}  (P ${precision.toFixed(3)}, R ${recall.toFixed(3)})  target >= ${f1Target}  ${f1 >= f1Target ? 'ok' : 'MISSED'}`);
    const withCurrency = pages.filter((page) => acceptedCurrencies(page).length > 0 && page.price.length > 0);
    const currencyRight = withCurrency.filter((page) => acceptedCurrencies(page).includes(results.get(page.id)!.currency));
    console.log(`    currency (pages printing one)  ${pct(currencyRight.length, withCurrency.length)}`);
    pages.forEach((page, index) => {
      const product = results.get(page.id)!;
      if (verdicts[index] !== 'tp' && verdicts[index] !== 'tn') console.log(`    price miss ${page.id.slice(0, 8)} ${page.url.slice(0, 70)}: got ${JSON.stringify(product.price)}, accepted ${JSON.stringify(page.price)} (Zyte ${page.published.Zyte?.price ?? null})`);
    });
    for (const page of withCurrency.filter((p) => !currencyRight.includes(p))) {
      console.log(`    currency miss ${page.id.slice(0, 8)} ${page.url.slice(0, 70)}: got ${JSON.stringify(results.get(page.id)!.currency)}, accepted ${acceptedCurrencies(page).join('/')} (printed ${page.currency[0]})`);
    }
  }
  const times: number[] = [];
  const cpu: number[] = [];
  for (let run = 0; run < timedRuns; run++) {
    for (const page of pages) {
      const started = performance.now();
      const before = process.cpuUsage();
      extractProduct(htmlOf.get(page.id)!, new URL(page.url));
      const used = process.cpuUsage(before);
      times.push(performance.now() - started);
      cpu.push((used.user + used.system) / 1000);
    }
  }
  return { times, cpu };
}
