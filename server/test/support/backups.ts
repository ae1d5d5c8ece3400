import type { ApiClient, ApiResponse } from './api-client';

/**
 * POST /admin/backup as `client` (an admin): the archive's bytes. Sessions end before a restore
 * has finished its clean-up, so right after one a backup may answer 409 for a moment: asked again.
 */
export async function downloadBackup(client: ApiClient): Promise<Buffer> {
  const post = () => fetch(`${client.baseUrl}/api/v1/admin/backup`, { method: 'POST', headers: sessionHeaders(client) });
  let res = await post();
  await waitFor(async () => res.status !== 409 || (res = await post()).status !== 409);
  if (res.status !== 200) throw new Error(`backup answered ${res.status}: ${await res.text()}`);
  return Buffer.from(await res.arrayBuffer());
}

/** POST /admin/restore as `client` with `file` as the multipart field backupFile. */
export function restoreBackup(client: ApiClient, file: Uint8Array, name = 'backup.gz'): Promise<ApiResponse> {
  const form = new FormData();
  form.append('backupFile', new File([new Uint8Array(file)], name, { type: 'application/gzip' }));
  return client.call('POST', '/admin/restore', undefined, { raw: form });
}

/** The cookie and XSRF headers a browser would send for `client`'s session. */
export function sessionHeaders(client: ApiClient): Record<string, string> {
  return {
    cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    'x-xsrf-token': decodeURIComponent(client.cookies.get('XSRF-TOKEN') ?? ''),
  };
}

/** Polls `condition` every 100 ms until it holds (errors count as not yet), for at most `timeoutMs`. */
export async function waitFor(condition: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition().catch(() => false))) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A valid one-pixel PNG (an upload the server accepts). */
export const ONE_PIXEL_PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000' + '1f15c4890000000d49444154789c6360000002000001e221bc330000000049454e44ae426082', 'hex');

/** Uploads ONE_PIXEL_PNG as `client`; answers its URL. */
export async function uploadPng(client: ApiClient): Promise<string> {
  const form = new FormData();
  form.append('image', new File([ONE_PIXEL_PNG], 'cover.png', { type: 'image/png' }));
  const res = await client.call('POST', '/upload', undefined, { raw: form });
  if (res.status !== 200 && res.status !== 201) throw new Error(`upload answered ${res.status}`);
  return res.body.url as string;
}
