/**
 * A worker thread whose code is a string, run from a Blob URL: the compiled executable needs no
 * extra entry point for it. The code may import only Bun's built-in modules.
 */
const urls = new Map<string, string>();

export function startSourceWorker(source: string): Worker {
  let url = urls.get(source);
  if (url === undefined) {
    url = URL.createObjectURL(new Blob([source], { type: 'application/javascript' }));
    urls.set(source, url);
  }
  return new Worker(url);
}
