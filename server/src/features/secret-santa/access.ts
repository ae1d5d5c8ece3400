import type { SessionUser } from '../../auth/session-user';
import { forbidden, notFound, unauthorized } from '../../domain/errors';
import type { DrawRow, ParticipantRow, SantaQueries } from './queries';

declare const organiser: unique symbol;
declare const participant: unique symbol;

/** Proof that the caller organises the draw. Only DrawAccess (which the access policies call) makes one. */
export type OrganisedDrawAccess = { readonly draw: DrawRow; readonly user: SessionUser } & { readonly [organiser]: true };

/** Proof that the caller is this participant of the draw: by their link's token or their account. */
export type DrawParticipant = { readonly draw: DrawRow; readonly me: ParticipantRow } & { readonly [participant]: true };

/** The draw policies' checks (see DrawRules in http/access.ts). */
export class DrawAccess {
  constructor(private readonly queries: SantaQueries) {}

  async organised(drawId: string, user: SessionUser): Promise<OrganisedDrawAccess> {
    const draw = await this.queries.draw(drawId);
    if (!draw) throw notFound('drawNotFound');
    if (draw.organiserId !== user.id) throw forbidden('drawOrganiserOnly');
    return { draw, user } as OrganisedDrawAccess;
  }

  /** A token no draw knows (a mistyped link, or one of a draw started over) is refused as a bad credential. */
  async participantByToken(token: string): Promise<DrawParticipant> {
    const me = await this.queries.participantByToken(token);
    const draw = me && (await this.queries.draw(me.drawId));
    if (!me || !draw) throw unauthorized('drawLinkInvalid');
    return { draw, me } as DrawParticipant;
  }

  /** The account's own participant: by the account where the draw recorded one, else by its address. */
  async participantByAccount(drawId: string, user: SessionUser): Promise<DrawParticipant> {
    const draw = await this.queries.draw(drawId);
    if (!draw) throw notFound('drawNotFound');
    const me = await this.queries.participantOf(drawId, user);
    if (!me) throw forbidden('drawParticipantsOnly');
    return { draw, me } as DrawParticipant;
  }
}
