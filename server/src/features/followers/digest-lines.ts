import type { Row } from '../../db/store';

/** One line of a digest: its text's key under mail.digest and the text's values. */
export interface DigestLine {
  kind: 'added' | 'removed' | 'priceDropped' | 'dateMoved';
  values: Record<string, string>;
}

type ChangeRow = Pick<Row<'listChanges'>, 'kind' | 'itemId' | 'title' | 'was' | 'now'>;

/**
 * What a digest says about a period's changes (oldest first), folded per item: an item added and
 * removed within it is left out, several price drops become one (first price to last), an event
 * date moved and back again says nothing.
 */
export function digestLines(changes: ChangeRow[]): DigestLine[] {
  const removed = new Set(changes.filter((c) => c.kind === 'item-removed').map((c) => c.itemId));
  const added = new Set(changes.filter((c) => c.kind === 'item-added').map((c) => c.itemId));
  const lines: DigestLine[] = [];
  for (const change of changes) {
    if (change.kind === 'item-added' && !removed.has(change.itemId)) lines.push({ kind: 'added', values: { title: change.title } });
    if (change.kind === 'item-removed' && !added.has(change.itemId)) lines.push({ kind: 'removed', values: { title: change.title } });
  }
  for (const drops of groupBy(changes.filter((c) => c.kind === 'price-dropped' && !removed.has(c.itemId) && !added.has(c.itemId)), (c) => c.itemId ?? '')) {
    const first = drops[0]!;
    const last = drops.at(-1)!;
    lines.push({ kind: 'priceDropped', values: { title: last.title, was: first.was ?? '', now: last.now ?? '' } });
  }
  const moves = changes.filter((c) => c.kind === 'date-moved');
  if (moves.length > 0 && moves[0]!.was !== moves.at(-1)!.now) lines.push({ kind: 'dateMoved', values: { now: moves.at(-1)!.now ?? '' } });
  return lines;
}

function groupBy<T>(values: T[], key: (value: T) => string): T[][] {
  const groups = new Map<string, T[]>();
  for (const value of values) groups.set(key(value), [...(groups.get(key(value)) ?? []), value]);
  return [...groups.values()];
}
