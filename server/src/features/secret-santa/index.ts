import type { AppContext } from '../../app-context';
import type { MailLinks } from '../../mail/link-origin';
import type { Mailer } from '../../mail/mailer';
import type { WishlistQueries } from '../wishlists/queries';
import { DrawAccess } from './access';
import { SantaMail } from './mail';
import { ParticipantService } from './participants';
import { SantaQueries } from './queries';
import { DrawService, type CircleParticipants } from './service';

export type { CircleParticipants } from './service';

/**
 * Secret Santa: the draw policies' checks, the organiser's service and the participants'.
 * `circles` gives a circle's members for draws made within one; `lists` the wish list feature's reads.
 */
export function createSecretSanta(ctx: AppContext, mailer: Mailer, mailLinks: MailLinks, circles: CircleParticipants, lists: WishlistQueries) {
  const mail = new SantaMail(mailer, mailLinks);
  const queries = new SantaQueries(ctx.store, lists);
  return {
    access: new DrawAccess(queries),
    draws: new DrawService(queries, mail, ctx.clock, ctx.config.santa, circles),
    participants: new ParticipantService(queries, mail, ctx.clock, ctx.config.santa.questionsPerDay),
  };
}
