/**
 * `ids` with `moving` taken out and put where `target` is: after it when it came from above,
 * before it when it came from below (a drag onto a card, or a step past a neighbour). Unchanged
 * when either is not in `ids`.
 */
export function movedTo(ids: readonly string[], moving: string, target: string): string[] {
  const from = ids.indexOf(moving);
  const to = ids.indexOf(target);
  if (from < 0 || to < 0 || from === to) return [...ids];
  const rest = ids.filter((id) => id !== moving);
  return [...rest.slice(0, to), moving, ...rest.slice(to)];
}
