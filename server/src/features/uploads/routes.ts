import { Elysia, t } from 'elysia';
import type { AccessPolicies } from '../../http/access';
import { unauthorized } from '../../http/errors';
import type { UploadService } from './service';

/** Who may upload besides signed-in accounts: a guest holding some guest list's capability. */
export type HoldsAnyCapability = (cookies: Map<string, string>) => Promise<boolean>;

/** POST /api/v1/upload (multipart field `image`). */
export function uploadRoutes(policies: AccessPolicies, uploads: UploadService, holdsAnyCapability: HoldsAnyCapability) {
  return new Elysia().use(policies).post(
    '/upload',
    async (context) => {
      const user = await context.viewer();
      if (!user && !(await holdsAnyCapability(context.http.cookies))) throw unauthorized('Please sign in or create a wishlist before uploading images.');
      return uploads.store(context.body.image, user?.id ?? null);
    },
    { publicRoute: true, body: t.Object({ image: t.File({ error: 'Choose an image to upload (form field "image").' }) }) },
  );
}

/** GET /uploads/{name}: outside /api, so it must be registered before the site's catch-all. */
export function uploadedFileRoutes(uploads: UploadService) {
  return new Elysia().get('/uploads/:name', async ({ params }) => (await uploads.serve(params.name)) ?? new Response('Not found', { status: 404 }));
}
