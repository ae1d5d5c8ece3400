import { and, eq, gt, isNull, lte, or } from 'drizzle-orm';
import type { DataStore, Db, Row } from '../../db/store';

export type InvitationRow = Row<'editorInvitations'>;

/** Every read and write of editor invitations and of the editor they make; the rules are InvitationService's. */
export class InvitationQueries {
  constructor(private readonly store: DataStore) {}

  private get table() {
    return this.store.tables.editorInvitations;
  }

  async byTokenHash(tokenHash: string): Promise<InvitationRow | undefined> {
    const [row] = await this.store.db.select().from(this.table).where(eq(this.table.tokenHash, tokenHash));
    return row;
  }

  /** The list's invitations neither accepted nor expired at `now`, oldest first. */
  pending(listId: string, now: Date): Promise<InvitationRow[]> {
    const invitations = this.table;
    return this.store.db
      .select()
      .from(invitations)
      .where(and(eq(invitations.wishlistId, listId), isNull(invitations.acceptedAt), gt(invitations.expiresAt, now)))
      .orderBy(invitations.createdAt);
  }

  /** A new invitation, replacing one to the same address for the same list not yet accepted. */
  async replacePending(row: InvitationRow, db: Db): Promise<void> {
    const invitations = this.table;
    await db.delete(invitations).where(and(eq(invitations.wishlistId, row.wishlistId), eq(invitations.email, row.email), isNull(invitations.acceptedAt)));
    await db.insert(invitations).values(row);
  }

  /** Whether the list had that invitation pending to withdraw. */
  async withdraw(listId: string, invitationId: string): Promise<boolean> {
    const invitations = this.table;
    const removed = await this.store.db
      .delete(invitations)
      .where(and(eq(invitations.id, invitationId), eq(invitations.wishlistId, listId), isNull(invitations.acceptedAt)))
      .returning({ id: invitations.id });
    return removed.length > 0;
  }

  /**
   * Uses the invitation up for `userId`, who becomes an editor of its list; false when it was used
   * already (of two concurrent accepts only one sets acceptedAt).
   */
  async accept(invitation: InvitationRow, userId: string, at: Date, db: Db): Promise<boolean> {
    const invitations = this.table;
    const [used] = await db
      .update(invitations)
      .set({ acceptedAt: at, acceptedById: userId })
      .where(and(eq(invitations.id, invitation.id), isNull(invitations.acceptedAt)))
      .returning({ id: invitations.id });
    if (!used) return false;
    await db.insert(this.store.tables.wishlistEditors).values({ wishlistId: invitation.wishlistId, userId, createdAt: at }).onConflictDoNothing();
    return true;
  }

  /** Removes the invitations expired by `now` and those accepted before `acceptedBefore`. */
  async deleteStale(now: Date, acceptedBefore: Date): Promise<void> {
    const invitations = this.table;
    await this.store.db.delete(invitations).where(or(lte(invitations.expiresAt, now), lte(invitations.acceptedAt, acceptedBefore)));
  }
}
