import { DRAW_NAME_MAX, DRAW_PERSON_NAME_MAX, DRAW_QUESTION_MAX } from './secret-santa-types';

/**
 * How long the texts people type may be, in characters: the server's schemas refuse longer ones
 * and the web's fields stop there (maxlength) and count down as the end nears. One place, so the
 * two cannot drift apart.
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
  drawName: DRAW_NAME_MAX,
  drawPersonName: DRAW_PERSON_NAME_MAX,
  drawQuestion: DRAW_QUESTION_MAX,
} as const;

export type TextLimitKey = keyof typeof TEXT_LIMITS;

/** A field shows how many characters are left once four fifths of its limit are used. */
export function showsCounter(length: number, max: number): boolean {
  return length >= max * 0.8;
}
