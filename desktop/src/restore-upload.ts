import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import type { DesktopResult, PickedBackupFile, TransferProgress } from '@wishwell/shared/desktop-api';
import { BACKUP_FILTERS } from './backup-save';
import { failureOf, transferFailed, type ServerFetch } from './server-client';
import { countBytes, progressReporter, streamOf, type ProgressWindow } from './transfer-progress';

export interface OpenDialog {
  showOpenDialog(options: {
    title: string;
    properties: ['openFile'];
    filters: { name: string; extensions: string[] }[];
  }): Promise<{ canceled: boolean; filePaths: string[] }>;
}

export interface RestoreUploadDeps {
  dialog: OpenDialog;
  window: ProgressWindow;
  serverFetch: ServerFetch;
}

/**
 * The restore side of the bridge: the Open dialog's choice is kept here by id, so the page only
 * ever names a file the operator picked, never a path.
 */
export class RestoreFiles {
  private readonly picked = new Map<string, string>();

  constructor(private readonly deps: RestoreUploadDeps) {}

  /** Native Open dialog filtered to .gz; null when cancelled. */
  async pick(): Promise<PickedBackupFile | null> {
    const choice = await this.deps.dialog.showOpenDialog({ title: 'Choose a Wishwell backup', properties: ['openFile'], filters: BACKUP_FILTERS });
    const path = choice.filePaths[0];
    if (choice.canceled || !path) return null;
    const id = randomUUID();
    this.picked.set(id, path);
    return { id, name: basename(path), size: (await stat(path)).size };
  }

  /** Streams the picked file to POST /admin/restore as multipart `backupFile`, with progress. */
  async upload(id: string, onProgress: (progress: TransferProgress) => void): Promise<DesktopResult<{ message: string | null }>> {
    const path = this.picked.get(id);
    if (!path) return { ok: false, status: 400, message: 'Choose the backup file again.' };
    const progress = progressReporter(this.deps.window, onProgress);
    try {
      const size = (await stat(path)).size;
      const form = multipartFile('backupFile', basename(path), path, size, (loaded) => progress.update(loaded, size));
      const response = await this.deps.serverFetch('/admin/restore', {
        method: 'POST',
        headers: { 'content-type': form.contentType, 'content-length': String(form.length) },
        body: form.body,
        duplex: 'half',
      } as RequestInit);
      if (!response.ok) return await failureOf(response);
      this.picked.delete(id);
      return { ok: true, message: ((await response.json().catch(() => ({}))) as { message?: string }).message ?? null };
    } catch (error) {
      return transferFailed(error);
    } finally {
      progress.end();
    }
  }
}

/** A multipart/form-data body holding one file, streamed from disk (never read whole into memory). */
function multipartFile(field: string, fileName: string, path: string, size: number, onFileBytes: (loaded: number) => void) {
  const boundary = `----wishwell-${randomUUID()}`;
  const safeName = fileName.replace(/["\r\n\\]/g, '_');
  const head = new TextEncoder().encode(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${safeName}"\r\nContent-Type: application/gzip\r\n\r\n`,
  );
  const tail = new TextEncoder().encode(`\r\n--${boundary}--\r\n`);
  async function* parts(): AsyncGenerator<Uint8Array> {
    yield head;
    yield* countBytes(createReadStream(path), onFileBytes);
    yield tail;
  }
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    length: head.byteLength + size + tail.byteLength,
    body: streamOf(parts()),
  };
}
