import { asc, eq, sql } from 'drizzle-orm';
import type { ScraperConfig, ScraperConfigInput, ScraperStrategy } from '@wishwell/shared/scraper-config-types';
import type { Db } from '../../db/open';
import { scraperConfigs } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../http/errors';
import { newId } from '../../ids';

type ScraperConfigRow = typeof scraperConfigs.$inferSelect;

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

async function checkSelector(label: string, selector: string): Promise<string> {
  const trimmed = selector.trim();
  if (!trimmed) return '';
  const $ = await selectorProbe();
  try {
    $(trimmed);
  } catch {
    throw badRequest(`${label} is not a valid CSS selector.`);
  }
  return trimmed;
}

async function cleanInput(input: ScraperConfigInput) {
  const domain = normalizeDomain(input.domain);
  if (!/^[a-z0-9.-]+\.[a-z0-9-]+$/.test(domain)) throw badRequest('Domain must be a host name such as shop.example.com.');
  return {
    domain,
    strategy: input.strategy ?? 'cheerio',
    notes: (input.notes ?? '').trim(),
    titleSelector: await checkSelector('Title selector', input.titleSelector ?? ''),
    priceSelector: await checkSelector('Price selector', input.priceSelector ?? ''),
    imageSelector: await checkSelector('Image selector', input.imageSelector ?? ''),
    imageAttribute: (input.imageAttribute ?? '').trim() || 'src',
    isPriceComplex: input.isPriceComplex ?? false,
  };
}

/** Per-domain scraper configs: the strategy and selectors for a shop, and its average scrape time. */
export class ScraperConfigService {
  constructor(private readonly db: Db) {}

  list(): ScraperConfig[] {
    return this.db.select().from(scraperConfigs).orderBy(asc(scraperConfigs.domain)).all().map(toScraperConfig);
  }

  async create(input: ScraperConfigInput): Promise<ScraperConfig> {
    const values = await cleanInput(input);
    this.assertDomainFree(values.domain, null);
    const now = new Date();
    return toScraperConfig(this.db.insert(scraperConfigs).values({ id: newId(), ...values, createdAt: now, updatedAt: now }).returning().get());
  }

  async update(id: string, input: ScraperConfigInput): Promise<ScraperConfig> {
    const values = await cleanInput(input);
    this.assertDomainFree(values.domain, id);
    const row = this.db.update(scraperConfigs).set({ ...values, updatedAt: new Date() }).where(eq(scraperConfigs.id, id)).returning().get();
    if (!row) throw notFound('Scraper config not found.');
    return toScraperConfig(row);
  }

  remove(id: string): void {
    const removed = this.db.delete(scraperConfigs).where(eq(scraperConfigs.id, id)).returning({ id: scraperConfigs.id }).get();
    if (!removed) throw notFound('Scraper config not found.');
  }

  /** The config for a host: its own domain or the closest parent (shop.example.com, then example.com). */
  forHost(host: string): ScraperConfig | null {
    const labels = normalizeDomain(host).split('.');
    for (let i = 0; i < labels.length - 1; i++) {
      const row = this.db.select().from(scraperConfigs).where(eq(scraperConfigs.domain, labels.slice(i).join('.'))).get();
      if (row) return toScraperConfig(row);
    }
    return null;
  }

  /** Folds one scrape's duration into the domain's running average. */
  recordScrapeTime(id: string, durationMs: number): void {
    this.db
      .update(scraperConfigs)
      .set({
        averageScrapeTimeMs: sql`(coalesce(${scraperConfigs.averageScrapeTimeMs}, 0) * ${scraperConfigs.scrapeCount} + ${durationMs}) / (${scraperConfigs.scrapeCount} + 1)`,
        scrapeCount: sql`${scraperConfigs.scrapeCount} + 1`,
      })
      .where(eq(scraperConfigs.id, id))
      .run();
  }

  private assertDomainFree(domain: string, exceptId: string | null): void {
    const existing = this.db.select({ id: scraperConfigs.id }).from(scraperConfigs).where(eq(scraperConfigs.domain, domain)).get();
    if (existing && existing.id !== exceptId) throw conflict(`There is already a scraper config for ${domain}.`);
  }
}
