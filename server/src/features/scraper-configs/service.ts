import type { ScraperConfig, ScraperConfigInput, ScraperStrategy } from '@wishwell/shared/scraper-config-types';
import type { DataStore } from '../../db/store';
import { conflict, invalid, notFound, part } from '../../domain/errors';
import { newId } from '../../ids';
import { ScraperConfigQueries, type ScraperConfigRow } from './queries';

function toScraperConfig(row: ScraperConfigRow): ScraperConfig {
  return {
    _id: row.id,
    domain: row.domain,
    strategy: row.strategy as ScraperStrategy,
    notes: row.notes,
    titleSelector: row.titleSelector,
    priceSelector: row.priceSelector,
    imageSelector: row.imageSelector,
    imageAttribute: row.imageAttribute,
    isPriceComplex: row.isPriceComplex,
    averageScrapeTimeMs: row.averageScrapeTimeMs === null ? null : Math.round(row.averageScrapeTimeMs),
  };
}

/** "https://www.Shop.com/path" -> "shop.com": configs are kept per bare domain. */
export function normalizeDomain(value: string): string {
  return value.trim().toLowerCase().replace(/^[a-z]+:\/\//, '').replace(/[/?#:].*$/, '').replace(/^www\./, '').replace(/\.$/, '');
}

/** A tiny document to try selectors on; cheerio loads on the first config save, not at start-up. */
let probe: Promise<import('cheerio').CheerioAPI> | undefined;
const selectorProbe = () => (probe ??= import('cheerio').then((cheerio) => cheerio.load('<p></p>')));

async function checkSelector(label: 'titleSelector' | 'priceSelector' | 'imageSelector', selector: string): Promise<string> {
  const trimmed = selector.trim();
  if (!trimmed) return '';
  const $ = await selectorProbe();
  try {
    $(trimmed);
  } catch {
    throw invalid('cssSelector', { label: part(label) });
  }
  return trimmed;
}

async function cleanInput(input: ScraperConfigInput) {
  const domain = normalizeDomain(input.domain);
  if (!/^[a-z0-9.-]+\.[a-z0-9-]+$/.test(domain)) throw invalid('shopDomain');
  return {
    domain,
    strategy: input.strategy ?? 'cheerio',
    notes: (input.notes ?? '').trim(),
    titleSelector: await checkSelector('titleSelector', input.titleSelector ?? ''),
    priceSelector: await checkSelector('priceSelector', input.priceSelector ?? ''),
    imageSelector: await checkSelector('imageSelector', input.imageSelector ?? ''),
    imageAttribute: (input.imageAttribute ?? '').trim() || 'src',
    isPriceComplex: input.isPriceComplex ?? false,
  };
}

/** Per-domain scraper configs: the strategy and selectors for a shop, and its average scrape time. */
export class ScraperConfigService {
  private readonly queries: ScraperConfigQueries;

  constructor(store: DataStore) {
    this.queries = new ScraperConfigQueries(store);
  }

  async list(): Promise<ScraperConfig[]> {
    return (await this.queries.all()).map(toScraperConfig);
  }

  async create(input: ScraperConfigInput): Promise<ScraperConfig> {
    const values = await cleanInput(input);
    await this.assertDomainFree(values.domain, null);
    return toScraperConfig(await this.queries.insert(newId(), values, new Date()));
  }

  async update(id: string, input: ScraperConfigInput): Promise<ScraperConfig> {
    const values = await cleanInput(input);
    await this.assertDomainFree(values.domain, id);
    const row = await this.queries.update(id, values, new Date());
    if (!row) throw notFound('scraperConfigNotFound');
    return toScraperConfig(row);
  }

  async remove(id: string): Promise<void> {
    if (!(await this.queries.delete(id))) throw notFound('scraperConfigNotFound');
  }

  /** The config for a host: its own domain or the closest parent (shop.example.com, then example.com). */
  async forHost(host: string): Promise<ScraperConfig | null> {
    const labels = normalizeDomain(host).split('.');
    const candidates = labels.slice(0, -1).map((_, i) => labels.slice(i).join('.'));
    if (candidates.length === 0) return null;
    const rows = await this.queries.ofDomains(candidates);
    const closest = candidates.map((domain) => rows.find((row) => row.domain === domain)).find((row) => row !== undefined);
    return closest ? toScraperConfig(closest) : null;
  }

  /** Folds one scrape's duration into the domain's running average. */
  recordScrapeTime(id: string, durationMs: number): Promise<void> {
    return this.queries.addScrapeTime(id, durationMs);
  }

  private async assertDomainFree(domain: string, exceptId: string | null): Promise<void> {
    const existing = await this.queries.idOfDomain(domain);
    if (existing && existing !== exceptId) throw conflict('scraperConfigTaken', { domain });
  }
}
