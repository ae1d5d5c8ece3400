import { randomInt } from 'node:crypto';

/** A random integer in [0, bound). */
export type RandomInt = (bound: number) => number;

/** Whether `giver` may give to `recipient` (never themselves, never an excluded pair). */
export type MayGive = (giver: number, recipient: number) => boolean;

/** Givers (by index) who together may give only to fewer recipients than they are: no draw can serve them all. */
export interface DrawConflict {
  givers: number[];
  recipients: number[];
}

export type DrawOutcome = { ok: true; recipients: number[] } | { ok: false; conflict: DrawConflict };

/**
 * Shuffles tried before the draw falls back to a matching. Each try is a uniformly random
 * permutation, and a valid one is kept, so while the tries suffice every valid assignment is
 * equally likely; a group where fewer than about 1 in this many permutations is valid is
 * so narrowed by its exclusions that a valid random one is taken instead.
 */
export const SHUFFLE_TRIES = 20_000;

/**
 * Who gives to whom among `count` people: `recipients[giver]` for each giver, drawn uniformly
 * among the assignments `mayGive` allows (rejection sampling). A complete search first tells
 * whether one exists at all: when none does, the conflict that stops it (Hall's condition: some
 * givers share too few recipients) instead of endless tries.
 */
export function drawAssignment(count: number, mayGive: MayGive, random: RandomInt = randomInt): DrawOutcome {
  const allowed = Array.from({ length: count }, (_, giver) => range(count).filter((recipient) => recipient !== giver && mayGive(giver, recipient)));
  const found = matching(allowed, random);
  if (!found.ok) return found;
  const allows = allowed.map((list) => new Set(list));
  for (let tries = 0; tries < SHUFFLE_TRIES; tries++) {
    const recipients = shuffled(range(count), random);
    if (recipients.every((recipient, giver) => allows[giver]!.has(recipient))) return { ok: true, recipients };
  }
  return found;
}

function range(count: number): number[] {
  return Array.from({ length: count }, (_, index) => index);
}

/** Fisher-Yates. */
function shuffled<T>(values: T[], random: RandomInt): T[] {
  const copy = [...values];
  for (let index = copy.length - 1; index > 0; index--) {
    const other = random(index + 1);
    [copy[index], copy[other]] = [copy[other]!, copy[index]!];
  }
  return copy;
}

/**
 * A complete search (augmenting paths, givers and their choices in random order): a valid
 * assignment if one exists, else the givers reachable from one left without a recipient, who
 * together may give only to the recipients already taken by them (a Hall violator).
 */
function matching(allowed: number[][], random: RandomInt): DrawOutcome {
  const giverOf: (number | undefined)[] = [];
  const recipientOf: number[] = [];
  const choices = allowed.map((list) => shuffled(list, random));
  for (const giver of shuffled(range(allowed.length), random)) {
    const visited = new Set<number>();
    if (!augment(giver, choices, giverOf, recipientOf, visited)) return { ok: false, conflict: hallViolator(giver, allowed, giverOf) };
  }
  return { ok: true, recipients: recipientOf };
}

function augment(giver: number, choices: number[][], giverOf: (number | undefined)[], recipientOf: number[], visited: Set<number>): boolean {
  for (const recipient of choices[giver]!) {
    if (visited.has(recipient)) continue;
    visited.add(recipient);
    const holder = giverOf[recipient];
    if (holder === undefined || augment(holder, choices, giverOf, recipientOf, visited)) {
      giverOf[recipient] = giver;
      recipientOf[giver] = recipient;
      return true;
    }
  }
  return false;
}

/** The givers an alternating path reaches from `unmatched`, and all they may give to. */
function hallViolator(unmatched: number, allowed: number[][], giverOf: (number | undefined)[]): DrawConflict {
  const givers = new Set([unmatched]);
  const recipients = new Set<number>();
  const queue = [unmatched];
  for (let giver = queue.shift(); giver !== undefined; giver = queue.shift()) {
    for (const recipient of allowed[giver]!) {
      if (recipients.has(recipient)) continue;
      recipients.add(recipient);
      const holder = giverOf[recipient];
      if (holder !== undefined && !givers.has(holder)) {
        givers.add(holder);
        queue.push(holder);
      }
    }
  }
  return { givers: [...givers].sort((a, b) => a - b), recipients: [...recipients].sort((a, b) => a - b) };
}
