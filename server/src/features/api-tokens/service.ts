import { systemClock, type Clock } from '../../clock';
import {
  API_TOKEN_NAME_MAX_LENGTH,
  API_TOKEN_PREFIX,
  API_TOKENS_PER_ACCOUNT,
  type ApiTokenScope,
  type ApiTokenSummary,
  type CreateApiTokenInput,
  type CreatedApiToken,
} from '@wishwell/shared/api-token-types';
import { announceCredentialChange } from '../../auth/credential-changes';
import type { DataStore } from '../../db/store';
import { conflict, forbidden, invalid, notFound } from '../../domain/errors';
import { hashSecret, newId, newSecret } from '../../ids';
import { logEvent } from '../../log';
import { ApiTokenQueries, type ApiTokenRow } from './queries';

/** Last use is written at most this often per token, so a busy script costs no write per call. */
export const LAST_USE_RESOLUTION_MS = 60_000;

/** What a presented token proves: whose it is and what it may do. */
export interface ApiTokenGrant {
  tokenId: string;
  userId: string;
  scope: ApiTokenScope;
}


/**
 * Personal API tokens: `wwp_` and 256 random bits, shown once at creation and stored only as a
 * SHA-256 hash. Every call looks the hash up (so revoking or expiring works at once, on every
 * replica); last use is written at most once a minute per token.
 */
export class ApiTokenService {
  /** Tokens whose last-use write is under way (a burst of calls writes once). */
  private readonly touching = new Set<string>();
  private readonly queries: ApiTokenQueries;

  constructor(
    private readonly store: DataStore,
    private readonly clock: Pick<Clock, 'now'> = systemClock,
  ) {
    this.queries = new ApiTokenQueries(store);
  }

  async create(user: { id: string; isAdmin: boolean }, input: CreateApiTokenInput): Promise<CreatedApiToken> {
    const name = input.name.trim();
    if (!name) throw invalid('tokenName');
    if (name.length > API_TOKEN_NAME_MAX_LENGTH) throw invalid('tokenNameTooLong', { max: API_TOKEN_NAME_MAX_LENGTH });
    if (input.scope === 'admin' && !user.isAdmin) throw forbidden('tokenAdminOnly');
    const expiresAt = this.expiryOf(input.expiresAt);
    const held = await this.queries.countOf(user.id);
    if (held >= API_TOKENS_PER_ACCOUNT) throw conflict('tokenLimit', { max: API_TOKENS_PER_ACCOUNT });
    const token = API_TOKEN_PREFIX + newSecret();
    const id = newId();
    await this.queries.insert({
      id,
      userId: user.id,
      name,
      scope: input.scope,
      tokenHash: hashSecret(token),
      expiresAt,
      lastUsedAt: null,
      createdAt: new Date(this.clock.now()),
    });
    return { _id: id, name, scope: input.scope, expiresAt: expiresAt?.toISOString() ?? null, token };
  }

  async list(userId: string): Promise<ApiTokenSummary[]> {
    return (await this.queries.ofUser(userId)).map(toSummary);
  }

  async revoke(userId: string, tokenId: string): Promise<void> {
    if (!(await this.queries.deleteOfUser(userId, tokenId))) throw notFound('tokenNotFound');
    await announceCredentialChange(this.store.changes, userId);
  }

  /** The grant of a presented token, or null when it is unknown, revoked or expired. */
  async authenticate(token: string): Promise<ApiTokenGrant | null> {
    const row = await this.queries.byHash(hashSecret(token));
    const now = this.clock.now();
    if (!row || (row.expiresAt && row.expiresAt.getTime() <= now)) return null;
    if (!row.lastUsedAt || now - row.lastUsedAt.getTime() >= LAST_USE_RESOLUTION_MS) this.touch(row.id, now);
    return { tokenId: row.id, userId: row.userId, scope: row.scope as ApiTokenScope };
  }

  private touch(tokenId: string, now: number): void {
    if (this.touching.has(tokenId)) return;
    this.touching.add(tokenId);
    this.queries
      .touch(tokenId, new Date(now))
      .catch((error: unknown) => logEvent({ event: 'api-token.last-use-failed', level: 'warn', error }))
      .finally(() => this.touching.delete(tokenId));
  }

  private expiryOf(expiresAt: string | null | undefined): Date | null {
    if (expiresAt === undefined || expiresAt === null || expiresAt === '') return null;
    const date = new Date(expiresAt);
    if (Number.isNaN(date.getTime())) throw invalid('tokenExpiryInvalid');
    if (date.getTime() <= this.clock.now()) throw invalid('tokenExpiryPast');
    return date;
  }
}

function toSummary(row: ApiTokenRow): ApiTokenSummary {
  return {
    _id: row.id,
    name: row.name,
    scope: row.scope as ApiTokenScope,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}
