import { normalizeHostname } from '@wishwell/shared/domain';
import type { RateLimits } from '../../config';
import type { DataStore } from '../../db/store';
import type { MailLinks } from '../../mail/link-origin';
import type { DomainConfigService } from '../domain-configs/service';
import type { Mailer } from '../../mail/mailer';
import { RateLimiter } from '../../http/rate-limit';
import { WishlistAccess } from './access';
import { InvitationService } from './invitations';
import { ItemService, type ApplyReferralRules, type ImageCopies } from './items-service';
import { WishlistQueries } from './queries';
import type { WishlistServices } from './routes';
import { WishlistService } from './service';
import { ShareViewCache } from './share-cache';
import { ShareMailService } from './share-mail';

/** The wish list feature's services, sharing one access policy and one share view cache. */
export function createWishlistServices(
  store: DataStore,
  mailer: Mailer,
  domainConfigs: DomainConfigService,
  applyReferralRules: ApplyReferralRules,
  mailLinks: MailLinks,
  limits: Pick<RateLimits, 'guestListsPerIp' | 'invitationsPerUser' | 'invitationsPerList'>,
  images: ImageCopies,
): WishlistServices & { access: WishlistAccess; shareViews: ShareViewCache } {
  const queries = new WishlistQueries(store);
  const access = new WishlistAccess(queries);
  const shareViews = new ShareViewCache(store.changes);
  const isKnownHostname = async (hostname: string) => (await domainConfigs.publicConfig(hostname)).hostname === normalizeHostname(hostname);
  return {
    shareViews,
    access,
    lists: new WishlistService(queries, access, shareViews, new RateLimiter({ limit: limits.guestListsPerIp, windowMs: 60 * 60_000, message: 'Too many guest lists created from here.' })),
    items: new ItemService(queries, shareViews, applyReferralRules, images),
    shareMail: new ShareMailService(mailer, isKnownHostname),
    invitations: new InvitationService(queries, mailer, mailLinks, { perUser: limits.invitationsPerUser, perList: limits.invitationsPerList }),
  };
}
