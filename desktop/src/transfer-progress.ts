import type { TransferProgress } from '@wishwell/shared/desktop-api';

/** The window's progress bar (Electron's BrowserWindow: the taskbar or dock shows it too). */
export interface ProgressWindow {
  setProgressBar(progress: number): void;
}

/** Electron shows a value above 1 as an indeterminate bar (Windows) or a full one; below 0 removes it. */
const INDETERMINATE = 2;
const NONE = -1;

/** Reports bytes moved to the page and to the taskbar; `end()` removes the bar. */
export function progressReporter(window: ProgressWindow, onProgress: (progress: TransferProgress) => void) {
  return {
    update(loaded: number, total: number | null): void {
      onProgress({ loaded, total });
      window.setProgressBar(total ? Math.min(loaded / total, 1) : INDETERMINATE);
    },
    end(): void {
      window.setProgressBar(NONE);
    },
  };
}

/** Passes chunks through, counting their bytes. */
export async function* countBytes(source: AsyncIterable<Uint8Array>, onCount: (loaded: number) => void): AsyncGenerator<Uint8Array> {
  let loaded = 0;
  for await (const chunk of source) {
    loaded += chunk.byteLength;
    onCount(loaded);
    yield chunk;
  }
}

/** A web stream's chunks as an async iterable (for node:stream pipelines). */
export async function* chunksOf(stream: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = stream.getReader();
  try {
    for (let read = await reader.read(); !read.done; read = await reader.read()) yield read.value;
  } finally {
    reader.releaseLock();
  }
}

/** An async iterable as a web stream (a fetch request body), pulled only as fast as it is sent. */
export function streamOf(chunks: AsyncIterator<Uint8Array>): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    async cancel() {
      await chunks.return?.();
    },
  });
}
