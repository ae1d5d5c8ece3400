import { and, asc, count, eq } from 'drizzle-orm';
import type { DataStore, Row } from '../../db/store';

export type ApiTokenRow = Row<'apiTokens'>;

/** Every read and write of personal API tokens; the rules (limits, scopes, expiry) are the service's. */
export class ApiTokenQueries {
  constructor(private readonly store: DataStore) {}

  private get table() {
    return this.store.tables.apiTokens;
  }

  async countOf(userId: string): Promise<number> {
    return (await this.store.db.select({ n: count() }).from(this.table).where(eq(this.table.userId, userId)))[0]?.n ?? 0;
  }

  async insert(row: ApiTokenRow): Promise<void> {
    await this.store.db.insert(this.table).values(row);
  }

  /** The user's tokens, oldest first. */
  ofUser(userId: string): Promise<ApiTokenRow[]> {
    return this.store.db.select().from(this.table).where(eq(this.table.userId, userId)).orderBy(asc(this.table.createdAt), asc(this.table.id));
  }

  /** Whether the user had a token of that id to delete. */
  async deleteOfUser(userId: string, tokenId: string): Promise<boolean> {
    const removed = await this.store.db.delete(this.table).where(and(eq(this.table.id, tokenId), eq(this.table.userId, userId))).returning({ id: this.table.id });
    return removed.length > 0;
  }

  async byHash(tokenHash: string): Promise<ApiTokenRow | undefined> {
    return (await this.store.db.select().from(this.table).where(eq(this.table.tokenHash, tokenHash)))[0];
  }

  /** Records a use, through the group commit (many calls, few writes). */
  touch(tokenId: string, at: Date): Promise<unknown> {
    return this.store.groupCommit((db) => db.update(this.table).set({ lastUsedAt: at }).where(eq(this.table.id, tokenId)));
  }
}
