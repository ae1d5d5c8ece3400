import * as cheerio from 'cheerio';
import type { Element } from 'domhandler';
import { currencyOfHost, refineCurrency } from '@wishwell/shared/currency-tokens';
import type { ListedProduct } from '@wishwell/shared/scrape-types';
import { CandidateList } from './candidates';
import { absoluteUrl, chooseImage, choosePrice, chooseTitle, type ChosenPrice } from './choose';
import { addConfigCandidates, type SelectorConfig } from './config-selectors';
import { addDisplayedImageCandidates } from './displayed-image';
import { chooseDescription } from './description';
import { addDocumentCandidates } from './document-text';
import { enclosingLink } from './dom-walk';
import { addJsonLdCandidates } from './json-ld';
import { listedProducts } from './listed-products';
import { localeCurrency } from './locale-currency';
import { addMetaTagCandidates } from './meta-tags';
import { addMicrodataCandidates } from './microdata';
import { allShownPrices, shownPrices } from './shown-prices';
import { siteOf } from '../site-of';
import { addSiteCandidates, SHOP_CURRENCY } from './site-rules';
import { stripNonContent } from './strip-markup';
import { addVisibleTextCandidates } from './visible-text';

export type { SelectorConfig };

export interface ExtractOptions {
  /**
   * Built-in knowledge of big shops' markup (site-rules.ts). Off only to measure the general
   * rules alone: `bun run bench:scrape` scores every page once more without it.
   */
  siteRules?: boolean;
}

export interface ExtractedProduct {
  title: string;
  /** "29.99", or '' when no price was found. */
  price: string;
  /** ISO 4217, or '' when unknown. */
  currency: string;
  /** The page showed a range, "from" or instalment price; `price` is the low end. */
  priceIsRange: boolean;
  imageUrl: string;
  description: string;
}

/**
 * Reads a product page: every layer (admin selectors, shop knowledge, JSON-LD, meta tags,
 * microdata, headings, visible text) proposes values, and the best-supported value wins.
 * Given several versions of the page (rendered, as fetched), all of them propose: a value they
 * share counts in each, and the first version supplies the base URL and the shop's names.
 */
export function extractProduct(html: string | readonly string[], pageUrl: URL, config: SelectorConfig | null = null, options: ExtractOptions = {}): ExtractedProduct {
  // htmlparser2 (HTML mode) parses several times faster than parse5 and reads shop markup just as well.
  const versions = (typeof html === 'string' ? [html] : html).map((text) => cheerio.load(stripNonContent(text), { xml: { xmlMode: false, decodeEntities: true } }));
  const candidates = new CandidateList();
  for (const version of versions) addCandidates(version, config, options.siteRules ?? true, candidates);

  const $ = versions[0]!;
  const base = baseUrl($, pageUrl);
  const host = pageUrl.hostname.replace(/^www\./, '');
  const shown = allShownPrices(versions.map(shownPrices));
  const price = choosePrice(candidates.of('price'), shown);
  const hostCurrency = (options.siteRules === false ? null : shopCurrency(host)) ?? currencyOfHost(host) ?? localeCurrency($);
  const currency = price ? currencyOf(price, candidates.of('price'), hostCurrency) : '';
  const names = siteNames($, pageUrl);
  const title = chooseTitle(candidates.of('title'), names);
  return {
    title,
    price: price?.price ?? '',
    currency,
    priceIsRange: price?.isRange ?? false,
    imageUrl: chooseImage(candidates.of('image'), base),
    description: chooseDescription(candidates.of('description'), title, names),
  };
}

/** The products a page lists, when it lists several (see listed-products.ts). */
export function extractListedProducts(html: string, pageUrl: URL): ListedProduct[] {
  return listedProducts(cheerio.load(stripNonContent(html), { xml: { xmlMode: false, decodeEntities: true } }), pageUrl);
}

function addCandidates($: cheerio.CheerioAPI, config: SelectorConfig | null, siteRules: boolean, candidates: CandidateList): void {
  if (config) addConfigCandidates($, config, candidates);
  if (siteRules) addSiteCandidates($, candidates);
  addJsonLdCandidates($, candidates);
  addMetaTagCandidates($, candidates);
  addMicrodataCandidates($, candidates);
  addDocumentCandidates($, candidates);
  addDisplayedImageCandidates($, candidates);
  addVisibleTextCandidates($, candidates);
}

/** The chosen price's currency, else one another price layer stated, else the shop's country's; '' when unknown. */
function currencyOf(price: ChosenPrice, prices: { currency?: string | null }[], hostCurrency: string | null): string {
  if (price.currency && price.currencyToken) return refineCurrency(price.currency, price.currencyToken, hostCurrency);
  const stated = prices.map((p) => p.currency).find((c): c is string => !!c && /^[A-Z]{3}$/.test(c));
  return stated ?? hostCurrency ?? '';
}

function shopCurrency(host: string): string | null {
  const entry = Object.entries(SHOP_CURRENCY).find(([domain]) => host === domain || host.endsWith(`.${domain}`));
  return entry?.[1] ?? null;
}

/** Names the shop goes by: og:site_name, application-name, the host's main label and its logo link's name. */
function siteNames($: cheerio.CheerioAPI, pageUrl: URL): string[] {
  const host = pageUrl.hostname.replace(/^www\./, '');
  const labels = host.split('.');
  const main = labels.length > 2 && labels[labels.length - 2]!.length <= 3 ? labels[labels.length - 3]! : labels[labels.length - 2] ?? host;
  return [
    main,
    $('meta[property="og:site_name"]').attr('content') ?? '',
    $('meta[name="application-name"]').attr('content') ?? '',
    ...logoLinkNames($, pageUrl),
  ].filter(Boolean);
}

/** What a logo link's text says when it only says where it goes. */
const GENERIC_LINK_NAME = /^(?:home(?:\s*page)?|start(?:seite)?|accueil|inicio|首页|logo|back|go to home(?:\s*page)?)$/iu;

/**
 * The shop's name as its own logo says it: the title, label or logo picture's alt of a link with
 * a picture to the site's home page (`<a href="//www.taobao.com" title="淘宝网"><img alt="淘宝网logo">`).
 */
function logoLinkNames($: cheerio.CheerioAPI, pageUrl: URL): string[] {
  const names = new Set<string>();
  const site = siteOf(pageUrl.hostname);
  const links = new Set<Element>();
  $('img').each((_, img) => {
    const link = enclosingLink(img);
    if (link) links.add(link);
  });
  for (const element of links) {
    const link = $(element);
    const target = absoluteUrl(link.attr('href') ?? '', pageUrl);
    if (!target) continue;
    const { hostname, pathname, search } = new URL(target);
    if (pathname !== '/' || search || siteOf(hostname) !== site) continue;
    for (const name of [link.attr('title'), link.attr('aria-label'), link.find('img[alt]').first().attr('alt')?.replace(/\s*logo$/i, '')]) {
      const trimmed = name?.trim() ?? '';
      if (trimmed.length >= 2 && trimmed.length <= 40 && !GENERIC_LINK_NAME.test(trimmed)) names.add(trimmed);
    }
    if (names.size >= 3) break;
  }
  return [...names];
}

function baseUrl($: cheerio.CheerioAPI, pageUrl: URL): URL {
  const href = $('base[href]').first().attr('href');
  const resolved = href ? absoluteUrl(href, pageUrl) : null;
  return resolved ? new URL(resolved) : pageUrl;
}
