import { and, eq } from 'drizzle-orm';
import { normalizeEmail } from '@wishwell/shared/account-types';
import type { SessionUser } from '../../auth/session-user';
import type { DataStore, Row } from '../../db/store';
import { forbidden, notFound, unauthorized } from '../../domain/errors';

export type DrawRow = Row<'draws'>;
export type ParticipantRow = Row<'drawParticipants'>;

declare const organiser: unique symbol;
declare const participant: unique symbol;

/** Proof that the caller organises the draw. Only DrawAccess (which the access policies call) makes one. */
export type OrganisedDrawAccess = { readonly draw: DrawRow; readonly user: SessionUser } & { readonly [organiser]: true };

/** Proof that the caller is this participant of the draw: by their link's token or their account. */
export type DrawParticipant = { readonly draw: DrawRow; readonly me: ParticipantRow } & { readonly [participant]: true };

/** The draw policies' checks (see DrawRules in http/access.ts). */
export class DrawAccess {
  constructor(private readonly store: DataStore) {}

  async organised(drawId: string, user: SessionUser): Promise<OrganisedDrawAccess> {
    const draw = await this.draw(drawId);
    if (!draw) throw notFound('drawNotFound');
    if (draw.organiserId !== user.id) throw forbidden('drawOrganiserOnly');
    return { draw, user } as OrganisedDrawAccess;
  }

  /** A token no draw knows (a mistyped link, or one of a draw started over) is refused as a bad credential. */
  async participantByToken(token: string): Promise<DrawParticipant> {
    const { drawParticipants } = this.store.tables;
    const [me] = await this.store.db.select().from(drawParticipants).where(eq(drawParticipants.resultToken, token));
    const draw = me && (await this.draw(me.drawId));
    if (!me || !draw) throw unauthorized('drawLinkInvalid');
    return { draw, me } as DrawParticipant;
  }

  async participantByAccount(drawId: string, user: SessionUser): Promise<DrawParticipant> {
    const draw = await this.draw(drawId);
    if (!draw) throw notFound('drawNotFound');
    const { drawParticipants } = this.store.tables;
    const [me] = await this.store.db
      .select()
      .from(drawParticipants)
      .where(and(eq(drawParticipants.drawId, drawId), eq(drawParticipants.email, normalizeEmail(user.email))));
    if (!me) throw forbidden('drawParticipantsOnly');
    return { draw, me } as DrawParticipant;
  }

  private async draw(drawId: string): Promise<DrawRow | undefined> {
    const { draws } = this.store.tables;
    const [draw] = await this.store.db.select().from(draws).where(eq(draws.id, drawId));
    return draw;
  }
}
