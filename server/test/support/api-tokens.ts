/** Personal API tokens for API tests: created through My Account's session-only route. */
import type { ApiTokenScope, CreatedApiToken } from '@wishwell/shared/api-token-types';
import type { ManualClock } from './manual-clock';
import type { Account } from './wishlists';

export async function createApiToken(account: Account, scope: ApiTokenScope, extra: { name?: string; expiresAt?: string } = {}): Promise<CreatedApiToken> {
  const res = await account.client.post<CreatedApiToken>('/users/tokens', { name: extra.name ?? `${scope} script`, scope, expiresAt: extra.expiresAt });
  if (res.status !== 201) throw new Error(`token creation failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** A token that no longer works: created, then revoked by its owner. */
export async function revokedApiToken(account: Account, scope: ApiTokenScope = 'read-write'): Promise<string> {
  const created = await createApiToken(account, scope, { name: 'revoked' });
  const res = await account.client.delete(`/users/tokens/${created._id}`);
  if (res.status !== 200) throw new Error(`revoke failed: ${res.status} ${JSON.stringify(res.body)}`);
  return created.token;
}

/** A token that has expired: valid for a minute of the server's `clock`, answered once the clock has passed it. */
export async function expiredApiToken(account: Account, clock: ManualClock, scope: ApiTokenScope = 'read-write'): Promise<string> {
  const expiresAt = clock.now() + 60_000;
  const created = await createApiToken(account, scope, { name: 'expiring', expiresAt: new Date(expiresAt).toISOString() });
  await clock.advanceTo(expiresAt + 1);
  return created.token;
}
