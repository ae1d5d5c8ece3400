import { eq, sql } from 'drizzle-orm';
import type { DataStore } from '../db/store';

/** The signed-in account as the request pipeline knows it (never holds the password hash). */
export interface SessionUser {
  id: string;
  name: string;
  email: string;
  country: string;
  currency: string;
  isAdmin: boolean;
  isDisabled: boolean;
  registeredOnDomain: string;
  language: string | null;
  /** False for an account made by an OpenID Connect sign-in that never set a password. */
  hasPassword: boolean;
  tokenVersion: number;
}

/** The lookup of the session user by id, run on every authenticated request. */
export function sessionUserLookup(store: DataStore): (id: string) => Promise<SessionUser | null> {
  const { users } = store.tables;
  const byId = store.db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      country: users.country,
      currency: users.currency,
      isAdmin: users.isAdmin,
      isDisabled: users.isDisabled,
      registeredOnDomain: users.registeredOnDomain,
      language: users.language,
      hasPassword: sql<boolean>`${users.passwordHash} <> ''`.mapWith(Boolean),
      tokenVersion: users.tokenVersion,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare();
  return async (id) => (await byId.execute({ id }))[0] ?? null;
}
