import { Elysia, t } from 'elysia';
import { JSON_BODY_LIMIT } from '../../http/body-limits';
import type { AccessPolicies } from '../../access-policies';
import { oneOf } from '../../validation/schemas';
import type { ExportFile, ListTransferService } from './service';

const download = ({ body, contentType, fileName }: ExportFile) =>
  new Response(body, { headers: { 'content-type': contentType, 'content-disposition': `attachment; filename="${fileName}"`, 'cache-control': 'no-store' } });

/**
 * GET /wishlists/:id/export (the list's owner, editors or guest capability), GET /users/export
 * (the account's data download), POST /wishlists/import (a new list of the caller's, from the
 * file's text; the JSON body limit caps it).
 */
export function listTransferRoutes(policies: AccessPolicies, service: ListTransferService) {
  return new Elysia()
    .use(policies)
    .get('/wishlists/:id/export', async ({ access, query }) => download(await service.exportList(access, query.format ?? 'json')), {
      listEditor: true,
      params: t.Object({ id: t.String() }),
      query: t.Object({ format: t.Optional(oneOf(['json', 'csv'], 'format')) }),
    })
    .get('/users/export', async ({ user, set }) => {
      set.headers['content-disposition'] = 'attachment; filename="wishwell-account.json"';
      set.headers['cache-control'] = 'no-store';
      return service.exportAccount(user);
    }, { signedIn: true })
    .post('/wishlists/import', ({ user, body, http }) => service.import(user, body, http.language), {
      signedIn: true,
      body: t.Object({ content: t.String({ maxLength: JSON_BODY_LIMIT }), name: t.Optional(t.String({ maxLength: 200 })) }),
    });
}
