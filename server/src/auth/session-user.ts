import type { Database } from 'bun:sqlite';

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
  tokenVersion: number;
}

interface SessionUserRow {
  id: string;
  name: string;
  email: string;
  country: string;
  currency: string;
  is_admin: number;
  is_disabled: number;
  registered_on_domain: string;
  token_version: number;
}

/** A prepared lookup of the session user by id, run on every authenticated request. */
export function sessionUserLookup(sqlite: Database): (id: string) => SessionUser | null {
  const query = sqlite.query<SessionUserRow, [string]>(
    `SELECT id, name, email, country, currency, is_admin, is_disabled, registered_on_domain, token_version
     FROM users WHERE id = ?`,
  );
  return (id) => {
    const row = query.get(id);
    if (!row) return null;
    return {
      id: row.id,
      name: row.name,
      email: row.email,
      country: row.country,
      currency: row.currency,
      isAdmin: row.is_admin === 1,
      isDisabled: row.is_disabled === 1,
      registeredOnDomain: row.registered_on_domain,
      tokenVersion: row.token_version,
    };
  };
}
