import type { AppContext } from '../../app-context';
import type { MailLinks } from '../../mail/link-origin';
import type { Mailer } from '../../mail/mailer';
import { DrawAccess } from './access';
import { SantaMail } from './mail';
import { ParticipantService } from './participants';
import { DrawService, type CircleParticipants } from './service';

export type { CircleParticipants } from './service';

/**
 * Secret Santa: the draw policies' checks, the organiser's service and the participants'.
 * `circles` gives a circle's members for draws made within one.
 */
export function createSecretSanta(ctx: AppContext, mailer: Mailer, mailLinks: MailLinks, circles: CircleParticipants) {
  const mail = new SantaMail(mailer, mailLinks);
  return {
    access: new DrawAccess(ctx.store),
    draws: new DrawService(ctx.store, mail, ctx.clock, ctx.config.santa, circles),
    participants: new ParticipantService(ctx.store, mail, ctx.clock, ctx.config.santa.questionsPerDay),
  };
}
