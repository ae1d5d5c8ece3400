import type { AppContext } from './app-context';
import { DomainConfigService } from './features/domain-configs/service';
import { Mailer } from './mail/mailer';
import { InstanceSettingsService } from './features/instance-settings/service';
import { TestMail } from './features/instance-settings/test-mail';
import { SignupInvitations } from './features/users/signup-invitations';
import { MailLinks } from './mail/link-origin';
import { PasswordHasher } from './auth/passwords';
import { UserService } from './features/users/service';
import { ListTransferService } from './features/list-transfer/service';
import { OidcSignIns } from './features/oidc';
import { createWishlistServices } from './features/wishlists';
import { createCircleServices } from './features/circles';
import { UploadService } from './features/uploads/service';
import { EventBus } from './events';
import { ReferralRuleService } from './features/referral-rules/service';
import { ScraperConfigService } from './features/scraper-configs/service';
import { createScrapeService, urlPolicy } from './features/scrape';
import { ItemImages } from './features/item-images/service';
import { ItemImageQueries } from './features/item-images/queries';
import { AdminService } from './features/admin/service';
import { LogService } from './features/logs/service';
import { Scheduler } from './scheduler';
import { createAdminEvents } from './features/admin-events';
import { BackupService } from './features/backup/service';
import { liveDatabase } from './features/backup/staging';
import { PageViewLog } from './features/visitors/page-views';
import { geoIpFiles } from './features/visitors/geo-ip';
import { ApiTokenService } from './features/api-tokens/service';
import { dateOf } from './clock';
import { logEvent } from './log';
import { formatPrice } from '@wishwell/shared/price-format';
import { fromMinorUnits } from '@wishwell/shared/money';
import { recordListChange } from './features/followers/list-changes';
import { createFollowerServices } from './features/followers';
import { NotificationService } from './features/notifications/service';
import { PriceWatch, priceWatchUserAgent } from './features/price-watch/service';
import { PriceWatchQueries } from './features/price-watch/queries';
import { createSecretSanta } from './features/secret-santa';

/** Every feature service, built once at start; routes and the CLI use these, never SQL directly. */
export function createServices(ctx: AppContext) {
  const domainConfigs = new DomainConfigService(ctx.store, ctx.defaultHostname);
  const settings = new InstanceSettingsService(ctx.store, ctx.config);
  const signupInvitations = new SignupInvitations(ctx.store);
  const mailer = new Mailer(ctx.store, { route: () => settings.mailRoute(), tries: ctx.config.mailTries, retryAfterMs: ctx.config.mailRetryMs, clock: ctx.clock });
  const referralRules = new ReferralRuleService(ctx.store);
  const uploads = new UploadService(ctx.store, ctx.files, ctx.clock, {
    perIp: ctx.config.rateLimits.uploadsPerIp,
    perUploader: ctx.config.rateLimits.uploadsPerUser,
    quotaBytes: ctx.config.uploadQuotaBytes,
    guestListQuotaBytes: ctx.config.guestListQuotaBytes,
    graceMs: ctx.config.uploadGraceMs,
  });
  const events = new EventBus(ctx.store.changes);
  const scraperConfigs = new ScraperConfigService(ctx.store);
  const scrape = createScrapeService(ctx, { configs: scraperConfigs, referrals: referralRules, events });
  const itemImages = new ItemImages(new ItemImageQueries(ctx.store), ctx.clock, uploads, {
    onBlankPage: scrape.onBlankPage,
    policy: urlPolicy(ctx.config),
    copiesPerMinute: ctx.config.imageCopyPerMinute,
    concurrency: ctx.config.imageCopyConcurrency,
    retryAfterMs: ctx.config.imageCopyRetryMs,
    tries: ctx.config.imageCopyTries,
  });
  const priceWatch = new PriceWatch(
    new PriceWatchQueries(ctx.store),
    scraperConfigs,
    {
      intervalMs: ctx.config.priceWatchIntervalMs,
      concurrency: ctx.config.priceWatchConcurrency,
      hostGapMs: ctx.config.priceWatchHostGapMs,
      policy: urlPolicy(ctx.config),
      userAgent: priceWatchUserAgent(ctx.version, ctx.config.publicUrl),
      now: () => dateOf(ctx.clock),
    },
    (listId) => wishlists.shareViews.invalidate(listId),
  );
  const mailLinks = new MailLinks(domainConfigs, async () => (await settings.current()).publicUrl || `http://localhost:${ctx.config.port}`);
  const wishlists = createWishlistServices(ctx, mailer, domainConfigs, (url) => referralRules.apply(url), mailLinks, itemImages, (url) => priceWatch.firstCheck(url), async () => (await settings.current()).defaultCurrency);
  // Followers' digests tell of the drops the price watch finds, as of those an owner types.
  priceWatch.onPriceDrop((drop) => {
    const shown = (minor: number) => formatPrice(fromMinorUnits(minor), drop.currency);
    const change = { wishlistId: drop.listId, kind: 'price-dropped' as const, itemId: drop.itemId, title: drop.title, was: shown(drop.wasMinor), now: shown(drop.nowMinor) };
    recordListChange(ctx.store, ctx.clock, change).catch((error: unknown) => logEvent({ event: 'job.failed', level: 'error', job: 'price-watch.followers', error }));
  });
  const circles = createCircleServices(ctx, wishlists, mailer, mailLinks);
  const users = new UserService({
    store: ctx.store,
    tokens: ctx.tokens,
    hasher: new PasswordHasher(undefined, undefined, ctx.config.passwordHashCost),
    mailer,
    rateLimits: ctx.config.rateLimits,
    mailLinks,
    lists: wishlists.lists,
    passwordLogin: ctx.config.passwordLogin,
    settings,
    invitations: { isPending: async (token) => (await wishlists.invitations.isPending(token)) || (await circles.circles.isPending(token)) },
    signupInvitations,
    clock: ctx.clock,
  });
  const listTransfer = new ListTransferService({ queries: wishlists.queries, lists: wishlists.lists, items: wishlists.items, claims: wishlists.claims });
  const testMail = new TestMail(mailer, mailLinks);
  const apiTokens = new ApiTokenService(ctx.store, ctx.clock);
  const followers = createFollowerServices(ctx.store, mailer, mailLinks, ctx.clock, ctx.config);
  const notifications = new NotificationService(ctx.store, mailer, () => mailLinks.fallbackOrigin(), ctx.clock);
  const santa = createSecretSanta(ctx, mailer, mailLinks, { membersOf: (circleId, organiser) => circles.participants(circleId, organiser.id) }, wishlists.queries);
  const oidc = new OidcSignIns(ctx.config, ctx.store, users, ctx.clock);
  const adminEvents = createAdminEvents(ctx.store, events, ctx.config.adminEventsKeepAliveSeconds);
  const admin = new AdminService(ctx.store, ctx.config.visitorLogDays, (userId) => users.disabled(userId));
  const logs = new LogService(ctx.store);
  const scheduler = new Scheduler(ctx.store, ctx.clock);
  const pageViews = new PageViewLog(ctx.store, ctx.clock, {
    enabled: ctx.config.visitorLog,
    keepDays: ctx.config.visitorLogDays,
    geoIpFiles: geoIpFiles(ctx.config.geoIpDb),
  });
  /** The server's caches and event bus start hearing the other replicas' changes (commands need not). */
  const listen = async () => {
    await Promise.all([domainConfigs.listen(), settings.listen(), referralRules.listen(), wishlists.shareViews.listen(), events.listen(), backups.listen(), adminEvents.listen()]);
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
  return { settings, testMail, circles, signupInvitations, domainConfigs, mailLinks, mailer, users, apiTokens, listTransfer, oidc, wishlists, uploads, itemImages, priceWatch, events, referralRules, scraperConfigs, scrape, admin, logs, scheduler, listen, adminEvents, backups, pageViews, followers, notifications, santa };
}

export type Services = ReturnType<typeof createServices>;
