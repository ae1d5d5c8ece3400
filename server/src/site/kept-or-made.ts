/** Bounds the pages kept in one map (one per domain, branding, language and scheme). */
export const MAX_KEPT_PAGES = 100;

/**
 * The value kept under `key`, else made once for everyone asking at the same time (a fresh server
 * under load would otherwise render the same page for every waiting request). A failed make is
 * forgotten, so the next request tries again; a full map starts over rather than growing.
 */
export function keptOrMade<T>(kept: Map<string, Promise<T>>, key: string, make: () => Promise<T>): Promise<T> {
  const existing = kept.get(key);
  if (existing) return existing;
  if (kept.size >= MAX_KEPT_PAGES) kept.clear();
  const made = make();
  kept.set(key, made);
  made.catch(() => {
    if (kept.get(key) === made) kept.delete(key);
  });
  return made;
}
