/**
 * How long the texts people type may be, in characters: the server's schemas refuse longer ones
 * and the web's fields stop there (maxlength) and count down as the end nears. One place, so the
 * two cannot drift apart. A draw's texts have theirs beside its types (secret-santa-types.ts).
 */
export const TEXT_LIMITS = {
  listName: 200,
  listDescription: 5000,
  itemTitle: 500,
  itemNotes: 5000,
  itemDescription: 2000,
  circleName: 100,
  profileName: 100,
  guestName: 100,
} as const;

/** A field shows how many characters are left once four fifths of its limit are used. */
export function showsCounter(length: number, max: number): boolean {
  return length >= max * 0.8;
}
