/** Admin scraper configs (spec sections 3 and 7: Scraper Strategy Management). */
export const SCRAPER_STRATEGIES = ['cheerio', 'puppeteer', 'none'] as const;
export type ScraperStrategy = (typeof SCRAPER_STRATEGIES)[number];

export interface ScraperConfig {
  _id: string;
  domain: string;
  strategy: ScraperStrategy;
  notes: string;
  titleSelector: string;
  priceSelector: string;
  imageSelector: string;
  imageAttribute: string;
  isPriceComplex: boolean;
  /** Running average over this domain's scrapes, or null before the first. */
  averageScrapeTimeMs: number | null;
}

/** POST /scraper-configs and PUT /scraper-configs/{id}. */
export interface ScraperConfigInput {
  domain: string;
  strategy?: ScraperStrategy;
  notes?: string;
  titleSelector?: string;
  priceSelector?: string;
  imageSelector?: string;
  imageAttribute?: string;
  isPriceComplex?: boolean;
}
