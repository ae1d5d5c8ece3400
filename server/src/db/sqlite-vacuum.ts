/**
 * `VACUUM INTO` in a worker thread, on its own read-only connection: copying a large database
 * takes seconds of CPU and I/O that would otherwise stall every request on the event loop.
 */
import { startSourceWorker } from './source-worker';

const WORKER_SOURCE = `
import { Database } from 'bun:sqlite';
self.onmessage = ({ data }) => {
  try {
    const reader = new Database(data.liveFile, { readonly: true });
    try {
      reader.run('VACUUM INTO ?', [data.intoFile]);
    } finally {
      reader.close();
    }
    postMessage({ ok: true });
  } catch (error) {
    postMessage({ ok: false, message: String(error && error.message || error), code: error && error.code });
  }
};
`;

/** Writes a consistent copy of `liveFile` (a WAL database in use) to `intoFile`. */
export function vacuumInto(liveFile: string, intoFile: string): Promise<void> {
  const worker = startSourceWorker(WORKER_SOURCE);
  return new Promise<void>((resolve, reject) => {
    worker.onmessage = ({ data }: MessageEvent<{ ok: boolean; message?: string; code?: string }>) => {
      if (data.ok) resolve();
      else reject(Object.assign(new Error(data.message), { code: data.code }));
    };
    worker.onerror = (event) => reject(new Error(`the snapshot worker failed: ${event.message}`));
    worker.postMessage({ liveFile, intoFile });
  }).finally(() => worker.terminate());
}
