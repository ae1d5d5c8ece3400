import { Elysia } from 'elysia';
import type { AccessPolicies } from '../../access-policies';
import { rmSync } from 'node:fs';
import { makeWorkFolder } from '../../work-folders';
import { join } from 'node:path';
import { RESTORE_BODY_LIMIT } from '../../http/body-limits';
import { streamToFile } from '../../http/body-reader';
import type { BackupService } from './service';

/**
 * POST /admin/backup: the archive as a download named wishlist-backup-{ISO timestamp}.gz.
 * POST /admin/restore: multipart `backupFile`, streamed to disk (never held in memory) once the
 * caller is known to be an admin, then checked, staged and swapped in.
 */
export function backupRoutes(policies: AccessPolicies, backups: BackupService, dataDir: string) {
  return new Elysia()
    .use(policies)
    .post(
      '/admin/restore',
      async ({ request, server, user }) => {
        server?.timeout(request, 0); // checking and staging a large backup outlasts Bun's 10 s idle timeout
        const folder = makeWorkFolder(dataDir, 'upload');
        try {
          const file = join(folder, 'body');
          await streamToFile(request, file, RESTORE_BODY_LIMIT, 'backupTooLarge');
          return await backups.restoreUpload(file, request.headers.get('content-type') ?? '', user.id);
        } finally {
          rmSync(folder, { recursive: true, force: true });
        }
      },
      { adminOnly: true },
    )
    .post(
      '/admin/backup',
      async ({ request, server, user }) => {
        // Nothing is sent until the archive is complete: a large one takes longer than Bun's 10 s idle timeout.
        server?.timeout(request, 0);
        const backup = await backups.create(user.id);
        const file = Bun.file(backup.path);
        // The temporary file goes once the last byte has been handed over (or the download broke off).
        const body = file.stream().pipeThrough(new TransformStream({ flush: backup.discard }));
        const cleanup = setTimeout(backup.discard, 60 * 60 * 1000);
        cleanup.unref();
        return new Response(body, {
          headers: {
            'content-type': 'application/gzip',
            'content-length': String(file.size),
            'content-disposition': `attachment; filename="${backup.fileName}"`,
            'cache-control': 'no-store',
          },
        });
      },
      { adminOnly: true },
    );
}
