import { normalizeHostname } from '@wishwell/shared/domain';
import type { AppContext } from '../../app-context';
import type { MailLinks } from '../../mail/link-origin';
import type { DomainConfigService } from '../domain-configs/service';
import type { Mailer } from '../../mail/mailer';
import { RateLimiter } from '../../limits/rate-limit';
import { WishlistAccess } from './access';
import { ClaimMail } from './claim-mail';
import { ClaimService } from './claims';
import { InvitationService } from './invitations';
import { ItemService, type ApplyReferralRules, type FirstPriceCheck, type ImageCopies } from './items-service';
import { listCurrency, type DefaultCurrency, type ListCurrency } from './list-currency';
import { ClaimQueries } from './claim-queries';
import { InvitationQueries } from './invitation-queries';
import { ItemQueries } from './item-queries';
import { WishlistQueries } from './queries';
import type { WishlistServices } from './routes';
import { WishlistService } from './service';
import { ShareViewCache } from './share-cache';
import { ShareMailService } from './share-mail';
import { SurpriseReveal } from './surprise';

const MINUTE = 60_000;

/** The wish list feature's services, sharing one access policy and one share view cache. */
export function createWishlistServices(
  { store, clock, config: { rateLimits } }: Pick<AppContext, 'store' | 'clock' | 'config'>,
  mailer: Mailer,
  domainConfigs: DomainConfigService,
  applyReferralRules: ApplyReferralRules,
  mailLinks: MailLinks,
  images: ImageCopies,
  firstPriceCheck: FirstPriceCheck,
  defaultCurrency: DefaultCurrency,
): WishlistServices & { access: WishlistAccess; shareViews: ShareViewCache; surprise: SurpriseReveal; queries: WishlistQueries; listCurrency: ListCurrency } {
  const queries = new WishlistQueries(store, clock);
  const access = new WishlistAccess(queries);
  const shareViews = new ShareViewCache(store.changes);
  const currencyOfReachedList = listCurrency(queries, defaultCurrency);
  const isKnownHostname = async (hostname: string) => (await domainConfigs.publicConfig(hostname)).hostname === normalizeHostname(hostname);
  const guestListsPerIp = new RateLimiter({ limit: rateLimits.guestListsPerIp, windowMs: 60 * MINUTE, text: 'tooManyGuestLists' }, clock);
  return {
    queries,
    shareViews,
    access,
    listCurrency: currencyOfReachedList,
    lists: new WishlistService(queries, access, shareViews, guestListsPerIp, defaultCurrency),
    items: new ItemService(queries, new ItemQueries(store), shareViews, applyReferralRules, images, firstPriceCheck, currencyOfReachedList),
    claims: new ClaimService(queries, new ClaimQueries(store), shareViews, new ClaimMail(mailer, mailLinks, queries), {
      tokensPerIp: new RateLimiter({ limit: rateLimits.claimTokensPerIp, windowMs: 10 * MINUTE, text: 'tooManyClaimLinks' }, clock),
      mailsPerIp: new RateLimiter({ limit: rateLimits.claimMailsPerIp, windowMs: 60 * MINUTE, text: 'tooManyClaimMails' }, clock),
    }),
    shareMail: new ShareMailService(mailer, isKnownHostname, clock),
    invitations: new InvitationService(queries, new InvitationQueries(store), mailer, mailLinks, { perUser: rateLimits.invitationsPerUser, perList: rateLimits.invitationsPerList }),
    surprise: new SurpriseReveal(queries, mailer, () => mailLinks.fallbackOrigin()),
  };
}
