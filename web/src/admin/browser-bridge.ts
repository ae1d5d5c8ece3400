import { API_BASE } from '@wishwell/shared/constants';
import { backupFileName, type TransferProgress } from '@wishwell/shared/desktop-api';
import { ApiRequestError, authHeaders, failedResponseError, serverMessageOf } from '../api/client';
import { notify } from '../notifications/notify';
import type { PlatformBridge, RestoreFile } from './platform-bridge';

type OnProgress = ((progress: TransferProgress) => void) | undefined;

/** The admin console in a normal browser: a download link, a file input, toasts. */
export const browserBridge: PlatformBridge = {
  kind: 'browser',
  saveBackup: async (onProgress) => {
    const response = await fetch(`${API_BASE}/admin/backup`, { method: 'POST', headers: authHeaders(), credentials: 'include' });
    if (!response.ok) throw await failedResponseError(response);
    const blob = await readWithProgress(response, onProgress);
    downloadBlob(blob, fileNameOf(response) ?? backupFileName(new Date()));
    return true;
  },
  pickRestoreFile: () => pickFile('.gz,application/gzip'),
  uploadRestoreFile: (file, onProgress) => uploadFile(fileOf(file), onProgress),
  notify: (message, severity) => notify(message, severity),
};

async function readWithProgress(response: Response, onProgress: OnProgress): Promise<Blob> {
  const total = Number(response.headers.get('content-length')) || null;
  if (!response.body) return response.blob();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  const reader = response.body.getReader();
  let loaded = 0;
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    chunks.push(read.value);
    loaded += read.value.byteLength;
    onProgress?.({ loaded, total });
  }
  return new Blob(chunks, { type: response.headers.get('content-type') ?? 'application/gzip' });
}

function fileNameOf(response: Response): string | null {
  return response.headers.get('content-disposition')?.match(/filename="?([^";]+)"?/)?.[1] ?? null;
}

function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement('a'), { href: url, download: fileName });
  document.body.append(link);
  link.click();
  link.remove();
  // The download has taken its copy once click() returns; the delay only spares slow browsers.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Opens the browser's file chooser; resolves with the chosen file, or null on cancel. */
function pickFile(accept: string): Promise<File | null> {
  return new Promise((resolve) => {
    const input = Object.assign(document.createElement('input'), { type: 'file', accept });
    input.addEventListener('change', () => resolve(input.files?.[0] ?? null), { once: true });
    input.addEventListener('cancel', () => resolve(null), { once: true });
    input.click();
  });
}

function fileOf(file: RestoreFile): File {
  if (!(file instanceof File)) throw new TypeError('A restore file must come from pickRestoreFile()');
  return file;
}

/** XMLHttpRequest rather than fetch: only it reports upload progress. */
function uploadFile(file: File, onProgress: OnProgress): Promise<void> {
  const form = new FormData();
  form.append('backupFile', file);
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `${API_BASE}/admin/restore`);
    for (const [name, value] of Object.entries({ accept: 'application/json', ...authHeaders() })) request.setRequestHeader(name, value);
    request.upload.addEventListener('progress', (event) => onProgress?.({ loaded: event.loaded, total: event.lengthComputable ? event.total : null }));
    request.addEventListener('load', () =>
      request.status < 300 ? resolve() : reject(new ApiRequestError(request.status, serverMessageOf(request.responseText))),
    );
    request.addEventListener('error', () => reject(new ApiRequestError(0, null)));
    request.send(form);
  });
}
