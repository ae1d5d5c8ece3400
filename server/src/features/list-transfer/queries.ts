import { and, asc, eq, ne } from 'drizzle-orm';
import type { DataStore, Row } from '../../db/store';

/** What the account's data download is made of, as stored (the lists' items and reservations are the wish list feature's). */
export interface AccountRows {
  account: Row<'users'> | undefined;
  owned: Row<'wishlists'>[];
  edited: { _id: string; name: string }[];
  tokens: Row<'apiTokens'>[];
  identities: Row<'oidcIdentities'>[];
  sessions: Row<'oidcSessions'>[];
  uploaded: Row<'uploads'>[];
}

/** The reads of the account's data download; which fields leave the server is the service's rule. */
export class ListTransferQueries {
  constructor(private readonly store: DataStore) {}

  async accountRows(userId: string): Promise<AccountRows> {
    const { users, wishlists, wishlistEditors, apiTokens, oidcIdentities, oidcSessions, uploads } = this.store.tables;
    const db = this.store.db;
    const [[account], owned, edited, tokens, identities, sessions, uploaded] = await Promise.all([
      db.select().from(users).where(eq(users.id, userId)),
      db.select().from(wishlists).where(eq(wishlists.ownerId, userId)).orderBy(asc(wishlists.createdAt)),
      db
        .select({ _id: wishlists.id, name: wishlists.name })
        .from(wishlistEditors)
        .innerJoin(wishlists, eq(wishlists.id, wishlistEditors.wishlistId))
        .where(and(eq(wishlistEditors.userId, userId), ne(wishlists.isDeleted, true))),
      db.select().from(apiTokens).where(eq(apiTokens.userId, userId)).orderBy(asc(apiTokens.createdAt)),
      db.select().from(oidcIdentities).where(eq(oidcIdentities.userId, userId)),
      db.select().from(oidcSessions).where(eq(oidcSessions.userId, userId)),
      db.select().from(uploads).where(eq(uploads.uploadedById, userId)).orderBy(asc(uploads.createdAt)),
    ]);
    return { account, owned, edited, tokens, identities, sessions, uploaded };
  }
}
