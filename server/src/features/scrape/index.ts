import type { AppContext } from '../../app-context';
import type { EventBus } from '../../events';
import type { ReferralRuleService } from '../referral-rules/service';
import type { ScraperConfigService } from '../scraper-configs/service';
import { BrowserPool, findChromium } from './browser-pool';
import { Scraper } from './scraper';
import { ScrapeService } from './service';

/** The scrape feature: the shared browser (only when Chromium exists) and the service around it. */
export function createScrapeService(ctx: AppContext, deps: { configs: ScraperConfigService; referrals: ReferralRuleService; events: EventBus }) {
  const policy = { allowHosts: ctx.config.scrapeAllowHosts, allowPorts: ctx.config.scrapeAllowPorts };
  const chromium = findChromium(ctx.config.chromiumPath);
  const browser = chromium ? new BrowserPool({ executablePath: chromium, policy }) : null;
  const service = new ScrapeService({
    store: ctx.store,
    scraper: new Scraper(policy, browser),
    ...deps,
    policy,
    limits: { perIp: ctx.config.rateLimits.scrapePerIp, perUser: ctx.config.rateLimits.scrapePerUser },
  });
  return { service, close: () => browser?.close() ?? Promise.resolve() };
}
