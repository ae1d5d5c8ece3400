/**
 * The server's module workers (threads started from a file of their own, not from source text),
 * by their path from this folder. scripts/build-binary.ts compiles each in as an entry point.
 *
 * URLs are made here, beside main.ts, not beside the code starting the worker: in the compiled
 * executable every module's import.meta.url is a file at the root of the embedded folder, where
 * the entry points keep their paths from this folder (the entry points' common folder).
 */
export const MODULE_WORKER_FILES = {
  pageViewRows: './features/visitors/page-view-rows.worker.ts',
  priceReader: './features/price-watch/read-price.worker.ts',
} as const;

export function moduleWorkerUrl(name: keyof typeof MODULE_WORKER_FILES): string {
  return new URL(MODULE_WORKER_FILES[name], import.meta.url).href;
}
