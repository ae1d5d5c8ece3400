import { Elysia } from 'elysia';
import type { AppContext } from './app-context';
import { accessPolicies } from './http/access';
import type { Services } from './services';
import { healthRoutes } from './features/health/routes';
import { domainConfigRoutes } from './features/domain-configs/routes';
import { scrapeRoutes } from './features/scrape/routes';
import { scraperConfigRoutes } from './features/scraper-configs/routes';
import { referralRuleRoutes } from './features/referral-rules/routes';
import { userRoutes } from './features/users/routes';
import { apiTokenRoutes } from './features/api-tokens/routes';
import { oidcRoutes } from './features/oidc/routes';
import { guestListClaimer, wishlistRoutes } from './features/wishlists/routes';
import { uploadRoutes } from './features/uploads/routes';
import { adminRoutes } from './features/admin/routes';
import { instanceSettingsRoutes } from './features/instance-settings/routes';
import { priceWatchRoutes } from './features/price-watch/routes';
import { logRoutes } from './features/logs/routes';
import { adminEventRoutes } from './features/admin-events/routes';
import { backupRoutes } from './features/backup/routes';
import { followerRoutes } from './features/followers/routes';
import { notificationRoutes } from './features/notifications/routes';
import { listTransferRoutes } from './features/list-transfer/routes';
import { circleRoutes } from './features/circles/routes';
import { secretSantaRoutes } from './features/secret-santa/routes';

/**
 * The /api/v1 routes. Every route declares exactly one access policy (see http/access.ts);
 * `wishwell routes` prints them as a table, and createApp refuses to build if one does not.
 */
export function apiRoutes(ctx: AppContext, services: Services) {
  const policies = accessPolicies(ctx, services.wishlists.access, services.circles.access, services.apiTokens, services.santa.access);
  return new Elysia({ prefix: '/api/v1' })
    .use(healthRoutes(policies, ctx, () => services.mailer.configured()))
    .use(domainConfigRoutes(policies, services.domainConfigs))
    .use(userRoutes(policies, services.users, guestListClaimer(services.wishlists.lists), (userId, token, origin) => services.oidc.signOutUrl(userId, token, origin)))
    .use(apiTokenRoutes(policies, services.apiTokens))
    .use(
      oidcRoutes(policies, ctx.sealer, services.oidc, ctx.config.passwordLogin, guestListClaimer(services.wishlists.lists), async () => (await services.settings.current()).registration),
    )
    .use(listTransferRoutes(policies, services.listTransfer))
    .use(wishlistRoutes(policies, services.wishlists))
    .use(uploadRoutes(policies, services.uploads))
    .use(scrapeRoutes(policies, services.scrape.service))
    .use(scraperConfigRoutes(policies, services.scraperConfigs))
    .use(referralRuleRoutes(policies, services.referralRules))
    .use(priceWatchRoutes(policies, services.priceWatch))
    .use(adminRoutes(policies, services.admin, services.wishlists.lists, services.scheduler))
    .use(instanceSettingsRoutes(policies, services.settings, services.testMail, services.signupInvitations))
    .use(logRoutes(policies, services.logs))
    .use(adminEventRoutes(policies, services.adminEvents.hub))
    .use(backupRoutes(policies, services.backups, ctx.config.dataDir))
    .use(followerRoutes(policies, services.followers.service))
    .use(notificationRoutes(policies, services.notifications))
    .use(circleRoutes(policies, services.circles.circles, services.circles.suggestions))
    .use(secretSantaRoutes(policies, services.santa.draws, services.santa.participants));
}
