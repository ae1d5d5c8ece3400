import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { ScraperConfig, ScraperConfigInput, ScraperStrategy } from '@wishwell/shared/scraper-config-types';
import type { DataStore, Row } from '../../db/store';
import { conflict, invalid, notFound, part } from '../../domain/errors';
import { newId } from '../../ids';

type ScraperConfigRow = Row<'scraperConfigs'>;

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
  constructor(private readonly store: DataStore) {}

  async list(): Promise<ScraperConfig[]> {
    const { scraperConfigs } = this.store.tables;
    return (await this.store.db.select().from(scraperConfigs).orderBy(asc(scraperConfigs.domain))).map(toScraperConfig);
  }

  async create(input: ScraperConfigInput): Promise<ScraperConfig> {
    const values = await cleanInput(input);
    await this.assertDomainFree(values.domain, null);
    const now = new Date();
    const [row] = await this.store.db
      .insert(this.store.tables.scraperConfigs)
      .values({ id: newId(), ...values, createdAt: now, updatedAt: now })
      .returning();
    return toScraperConfig(row!);
  }

  async update(id: string, input: ScraperConfigInput): Promise<ScraperConfig> {
    const values = await cleanInput(input);
    await this.assertDomainFree(values.domain, id);
    const { scraperConfigs } = this.store.tables;
    const [row] = await this.store.db.update(scraperConfigs).set({ ...values, updatedAt: new Date() }).where(eq(scraperConfigs.id, id)).returning();
    if (!row) throw notFound('scraperConfigNotFound');
    return toScraperConfig(row);
  }

  async remove(id: string): Promise<void> {
    const { scraperConfigs } = this.store.tables;
    const [removed] = await this.store.db.delete(scraperConfigs).where(eq(scraperConfigs.id, id)).returning({ id: scraperConfigs.id });
    if (!removed) throw notFound('scraperConfigNotFound');
  }

  /** The config for a host: its own domain or the closest parent (shop.example.com, then example.com). */
  async forHost(host: string): Promise<ScraperConfig | null> {
    const labels = normalizeDomain(host).split('.');
    const candidates = labels.slice(0, -1).map((_, i) => labels.slice(i).join('.'));
    if (candidates.length === 0) return null;
    const { scraperConfigs } = this.store.tables;
    const rows = await this.store.db.select().from(scraperConfigs).where(inArray(scraperConfigs.domain, candidates));
    const closest = candidates.map((domain) => rows.find((row) => row.domain === domain)).find((row) => row !== undefined);
    return closest ? toScraperConfig(closest) : null;
  }

  /** Folds one scrape's duration into the domain's running average. */
  async recordScrapeTime(id: string, durationMs: number): Promise<void> {
    const { scraperConfigs } = this.store.tables;
    await this.store.db
      .update(scraperConfigs)
      .set({
        averageScrapeTimeMs: sql`(coalesce(${scraperConfigs.averageScrapeTimeMs}, 0) * ${scraperConfigs.scrapeCount} + ${durationMs}) / (${scraperConfigs.scrapeCount} + 1)`,
        scrapeCount: sql`${scraperConfigs.scrapeCount} + 1`,
      })
      .where(eq(scraperConfigs.id, id));
  }

  private async assertDomainFree(domain: string, exceptId: string | null): Promise<void> {
    const { scraperConfigs } = this.store.tables;
    const [existing] = await this.store.db.select({ id: scraperConfigs.id }).from(scraperConfigs).where(eq(scraperConfigs.domain, domain));
    if (existing && existing.id !== exceptId) throw conflict('scraperConfigTaken', { domain });
  }
}
