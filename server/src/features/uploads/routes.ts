import { Elysia, t } from 'elysia';
import type { AccessPolicies } from '../../access-policies';
import type { UploadService } from './service';
import { schemaError } from '../../validation/schemas';

/** POST /api/v1/upload (multipart field `image`): accounts, and guests holding a list's capability. */
export function uploadRoutes(policies: AccessPolicies, uploads: UploadService) {
  return new Elysia().use(policies).post('/upload', ({ body, caller, http }) => uploads.store(body.image, { userId: caller.user?.id ?? null, guestListId: caller.guestListId, ip: http.ip }), {
    capabilityOrSignedIn: true,
    body: t.Object({ image: t.File({ error: schemaError('chooseImage') }) }),
  });
}

/** GET /uploads/{name}: outside /api, so it must be registered before the site's catch-all. */
export function uploadedFileRoutes(uploads: UploadService) {
  return new Elysia().get('/uploads/:name', async ({ params }) => (await uploads.serve(params.name)) ?? new Response('Not found', { status: 404 }));
}
