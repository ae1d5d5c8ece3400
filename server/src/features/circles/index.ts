import type { AppContext } from '../../app-context';
import type { MailLinks } from '../../mail/link-origin';
import type { Mailer } from '../../mail/mailer';
import type { WishlistAccess } from '../wishlists/access';
import type { ListCurrency } from '../wishlists/list-currency';
import type { WishlistQueries } from '../wishlists/queries';
import { CircleAccess } from './access';
import { CircleQueries } from './queries';
import { circleParticipants } from './participants';
import { CircleService } from './service';
import { SuggestionService } from './suggestions';

/**
 * The circles feature's services, on the wish list feature's reads and access checks.
 * `participants(circleId, organiserId)`: the circle's members as a draw's participants.
 */
export function createCircleServices({ store, config }: Pick<AppContext, 'store' | 'config'>, lists: { queries: WishlistQueries; access: WishlistAccess; listCurrency: ListCurrency }, mailer: Mailer, mailLinks: MailLinks) {
  const queries = new CircleQueries(store, lists.queries);
  return {
    access: new CircleAccess(queries, lists.access),
    circles: new CircleService(queries, mailer, mailLinks, config.circles),
    suggestions: new SuggestionService(queries, config.circles.suggestionsPerList, lists.listCurrency),
    participants: (circleId: string, organiserId: string) => circleParticipants(queries, circleId, organiserId),
  };
}
