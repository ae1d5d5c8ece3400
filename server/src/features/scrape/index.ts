import type { AppContext } from '../../app-context';
import type { Config } from '../../config';
import type { EventBus } from '../../events';
import type { ReferralRuleService } from '../referral-rules/service';
import type { ScraperConfigService } from '../scraper-configs/service';
import type { OnBlankPage } from '../item-images/shrink';
import { LogQueries } from '../logs/queries';
import { BrowserPool, findChromium } from './browser-pool';
import { Scraper } from './scraper';
import { ScrapeService } from './service';
import type { UrlPolicy } from './url-guard';

/** Where pasted links (and the images they name) may point: SCRAPE_ALLOW_HOSTS and SCRAPE_ALLOW_PORTS. */
export const urlPolicy = (config: Config): UrlPolicy => ({ allowHosts: config.scrapeAllowHosts, allowPorts: config.scrapeAllowPorts });

/** The scrape feature: the shared browser (only when Chromium exists; item images are scaled in it too) and the service around it. */
export function createScrapeService(ctx: AppContext, deps: { configs: ScraperConfigService; referrals: ReferralRuleService; events: EventBus }) {
  const policy = urlPolicy(ctx.config);
  const chromium = findChromium(ctx.config.chromiumPath);
  const browser = chromium ? new BrowserPool({ executablePath: chromium, policy, clock: ctx.clock }) : null;
  const service = new ScrapeService({
    logs: new LogQueries(ctx.store),
    clock: ctx.clock,
    scraper: new Scraper(policy, browser),
    ...deps,
    policy,
    limits: { perIp: ctx.config.rateLimits.scrapePerIp, perUser: ctx.config.rateLimits.scrapePerUser },
  });
  const onBlankPage: OnBlankPage | null = browser && ((work) => browser.onBlankPage(work));
  return { service, onBlankPage, close: () => browser?.close() ?? Promise.resolve() };
}
