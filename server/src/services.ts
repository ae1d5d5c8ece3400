import type { AppContext } from './app-context';
import { DomainConfigService } from './features/domain-configs/service';
import { normalizeHostname } from '@wishwell/shared/domain';
import { Mailer } from './mail/mailer';
import { MailLinks } from './mail/link-origin';
import { PasswordHasher } from './auth/passwords';
import { UserService } from './features/users/service';
import { OidcSignIns } from './features/oidc';
import { createWishlistServices } from './features/wishlists';
import { UploadService } from './features/uploads/service';
import { EventBus } from './events';
import { ReferralRuleService } from './features/referral-rules/service';
import { ScraperConfigService } from './features/scraper-configs/service';
import { createScrapeService, urlPolicy } from './features/scrape';
import { ItemImages } from './features/item-images/service';
import { AdminService } from './features/admin/service';
import { LogService } from './features/logs/service';
import { Scheduler } from './scheduler';
import { createAdminEvents } from './features/admin-events';
import { BackupService } from './features/backup/service';
import { liveDatabase } from './features/backup/staging';
import { PageViewLog } from './features/visitors/page-views';
import { geoIpFiles } from './features/visitors/geo-ip';
import { ApiTokenService } from './features/api-tokens/service';
import { PriceWatch, priceWatchUserAgent } from './features/price-watch/service';

/** Every feature service, built once at start; routes and the CLI use these, never SQL directly. */
export function createServices(ctx: AppContext) {
  const domainConfigs = new DomainConfigService(ctx.store, ctx.defaultHostname);
  const mailer = new Mailer(ctx.store, {
    smtpUrl: ctx.config.smtpUrl,
    mailFrom: ctx.config.mailFrom,
    tries: ctx.config.mailTries,
    retryAfterMs: ctx.config.mailRetryMs,
    now: ctx.config.now,
  });
  const referralRules = new ReferralRuleService(ctx.store);
  const uploads = new UploadService(ctx.store, ctx.files, {
    perIp: ctx.config.rateLimits.uploadsPerIp,
    perUploader: ctx.config.rateLimits.uploadsPerUser,
    quotaBytes: ctx.config.uploadQuotaBytes,
    guestListQuotaBytes: ctx.config.guestListQuotaBytes,
    graceMs: ctx.config.uploadGraceMs,
  });
  const events = new EventBus(ctx.store.changes);
  const scraperConfigs = new ScraperConfigService(ctx.store);
  const scrape = createScrapeService(ctx, { configs: scraperConfigs, referrals: referralRules, events });
  const itemImages = new ItemImages(ctx.store, uploads, {
    onBlankPage: scrape.onBlankPage,
    policy: urlPolicy(ctx.config),
    copiesPerMinute: ctx.config.imageCopyPerMinute,
    concurrency: ctx.config.imageCopyConcurrency,
    retryAfterMs: ctx.config.imageCopyRetryMs,
    tries: ctx.config.imageCopyTries,
  });
  const priceWatch = new PriceWatch(
    ctx.store,
    scraperConfigs,
    {
      intervalMs: ctx.config.priceWatchIntervalMs,
      concurrency: ctx.config.priceWatchConcurrency,
      hostGapMs: ctx.config.priceWatchHostGapMs,
      policy: urlPolicy(ctx.config),
      userAgent: priceWatchUserAgent(ctx.version, ctx.config.publicUrl),
      now: ctx.config.now,
    },
    (listId) => wishlists.shareViews.invalidate(listId),
  );
  const mailLinks = new MailLinks(domainConfigs, ctx.config.publicUrl ?? `http://localhost:${ctx.config.port}`);
  const wishlists = createWishlistServices(ctx.store, mailer, domainConfigs, (url) => referralRules.apply(url), mailLinks, ctx.config.rateLimits, itemImages, (url) => priceWatch.firstCheck(url));
  const users = new UserService({
    store: ctx.store,
    tokens: ctx.tokens,
    hasher: new PasswordHasher(),
    mailer,
    rateLimits: ctx.config.rateLimits,
    mailLinks,
    lists: wishlists.lists,
    passwordLogin: ctx.config.passwordLogin,
  });
  const apiTokens = new ApiTokenService(ctx.store);
  const oidc = new OidcSignIns(ctx.config, ctx.store, users);
  const adminEvents = createAdminEvents(ctx.store, events, ctx.config.adminEventsKeepAliveSeconds);
  const admin = new AdminService(ctx.store, ctx.config.visitorLogDays, (userId) => users.disabled(userId));
  const logs = new LogService(ctx.store);
  const scheduler = new Scheduler(ctx.store);
  const pageViews = new PageViewLog(ctx.store, {
    enabled: ctx.config.visitorLog,
    keepDays: ctx.config.visitorLogDays,
    geoIpFiles: geoIpFiles(ctx.config.geoIpDb),
  });
  /** The server's caches and event bus start hearing the other replicas' changes (commands need not). */
  const listen = async () => {
    await Promise.all([domainConfigs.listen(), referralRules.listen(), wishlists.shareViews.listen(), events.listen(), backups.listen(), adminEvents.listen()]);
  };
  const backups = new BackupService({
    store: ctx.store,
    dataDir: ctx.config.dataDir,
    database: liveDatabase(ctx.config),
    files: ctx.files,
    keepReplaced: ctx.config.restoreKeep,
    appVersion: ctx.version,
    events,
    rebuild: ctx.rebuild,
  });
  return { domainConfigs, mailLinks, mailer, users, apiTokens, oidc, wishlists, uploads, itemImages, priceWatch, events, referralRules, scraperConfigs, scrape, admin, logs, scheduler, listen, adminEvents, backups, pageViews };
}

export type Services = ReturnType<typeof createServices>;
