import { Elysia, t } from 'elysia';
import { API_TOKEN_NAME_MAX_LENGTH, API_TOKEN_SCOPES } from '@wishwell/shared/api-token-types';
import type { AccessPolicies } from '../../access-policies';
import { idParams, schemaError } from '../../validation/schemas';
import type { ApiTokenService } from './service';

export const tokenBody = t.Object({
  name: t.String({ maxLength: API_TOKEN_NAME_MAX_LENGTH, error: schemaError('tokenNameRequired') }),
  scope: t.UnionEnum([...API_TOKEN_SCOPES], { error: schemaError('tokenScope') }),
  expiresAt: t.Optional(t.Nullable(t.String({ maxLength: 40, error: schemaError('tokenExpiryInvalid') }))),
});

/**
 * My Account's personal API tokens. Managing them needs the browser session (`sessionOnly`):
 * a stolen token cannot mint more tokens, list them or outlive its own revocation.
 */
export function apiTokenRoutes(policies: AccessPolicies, apiTokens: ApiTokenService) {
  return new Elysia()
    .use(policies)
    .get('/users/tokens', ({ user }) => apiTokens.list(user.id), { sessionOnly: true })
    .post(
      '/users/tokens',
      async ({ user, body, set }) => {
        const created = await apiTokens.create(user, body);
        set.status = 201;
        return created;
      },
      {
        sessionOnly: true,
        body: tokenBody,
      },
    )
    .delete(
      '/users/tokens/:id',
      async ({ user, params }) => {
        await apiTokens.revoke(user.id, params.id);
        return { message: 'The token is revoked.' };
      },
      { sessionOnly: true, params: idParams },
    );
}
