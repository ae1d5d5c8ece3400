import { randomInt } from 'node:crypto';

/** A random integer in [0, bound) (bound at most 2^48, as node:crypto's randomInt takes). */
export type RandomInt = (bound: number) => number;

/** Whether `giver` may give to `recipient` (never themselves, never an excluded pair). */
export type MayGive = (giver: number, recipient: number) => boolean;

/** Givers (by index) who together may give only to fewer recipients than they are: no draw can serve them all. */
export interface DrawConflict {
  givers: number[];
  recipients: number[];
}

/** In a group too large to count, a person kept from more others than EXCLUSIONS_MAX allows. */
export interface DrawCrowded {
  giver: number;
  exclusions: number;
}

export type DrawOutcome = { ok: true; recipients: number[] } | { ok: false; conflict: DrawConflict } | { ok: false; crowded: DrawCrowded };

/**
 * Groups up to this size are drawn by counting every valid assignment (2^n·n steps; every count
 * is at most the derangements of 18, about 2.4·10^15, exact in a double and below 2^52).
 */
export const EXACT_MAX = 18;

/**
 * In larger groups, the most people one person may be kept from (either way). Why that makes
 * random shuffles valid often enough (at least 1 in 4,700) to draw by rejection: forbid the cells
 * F of the n×n giver/recipient table (the diagonal and the exclusions), at most d = 4 per row and
 * per column. A uniform permutation hits cell (i, j) with probability 1/n, and the events "hits
 * (i, j)" for cells of F form a negative dependency graph in which each is joined to the cells
 * sharing its row or its column (Lu and Székely, "Using Lovász Local Lemma in the space of random
 * injections", 2007), at most 2(d − 1) = 6 of them. The lopsided local lemma with x = 2/n for
 * every cell asks 1/n ≤ (2/n)(1 − 2/n)^6, true for n ≥ 19 since (17/19)^6 > 0.51; it then bounds
 * the chance of missing every cell of F below by (1 − 2/n)^|F| ≥ (1 − 2/n)^(4n) ≥ (17/19)^76 >
 * 1/4,700 (the bound grows with n).
 */
export const EXCLUSIONS_MAX = 3;

/**
 * Rejection's tries before giving up. At 1 valid in 4,700 or better, missing this many times has
 * a chance below e^-100: it bounds the work, it is not a second way to draw.
 */
const SHUFFLE_TRIES_MAX = 500_000;

/**
 * Who gives to whom among `count` people: `recipients[giver]` for each giver, never themselves
 * (any assignment without a fixed point, not only a single round), uniformly among the
 * assignments `mayGive` allows. A complete search first tells whether one exists at all: when
 * none does, the conflict that stops it (Hall's condition: some givers share too few recipients).
 * Small groups are drawn exactly by counting; larger ones by rejection, where a cap on each
 * person's exclusions keeps valid shuffles common.
 */
export function drawAssignment(count: number, mayGive: MayGive, random: RandomInt = randomInt): DrawOutcome {
  const allowed = Array.from({ length: count }, (_, giver) => range(count).filter((recipient) => recipient !== giver && mayGive(giver, recipient)));
  const found = matching(allowed);
  if (!found.ok) return found;
  if (count <= EXACT_MAX) return { ok: true, recipients: countedDraw(allowed, random) };
  const crowded = mostExcluded(allowed);
  if (crowded.exclusions > EXCLUSIONS_MAX) return { ok: false, crowded };
  return { ok: true, recipients: shuffledDraw(allowed, random) };
}

/**
 * ways[mask]: in how many ways the givers after the first popcount(mask) can take the recipients
 * not in `mask` (a permanent, by dynamic programming over subsets). Each giver in turn takes
 * recipient r with probability ways[mask | r] / ways[mask], so each whole assignment comes out
 * with probability 1 / ways[0].
 */
function countedDraw(allowed: number[][], random: RandomInt): number[] {
  const count = allowed.length;
  const full = 2 ** count - 1;
  const taken = new Uint8Array(full + 1);
  for (let mask = 1; mask <= full; mask++) taken[mask] = taken[mask >> 1]! + (mask & 1);
  const ways = new Float64Array(full + 1);
  ways[full] = 1;
  for (let mask = full - 1; mask >= 0; mask--) {
    let sum = 0;
    for (const recipient of allowed[taken[mask]!]!) if (!(mask & (1 << recipient))) sum += ways[mask | (1 << recipient)]!;
    ways[mask] = sum;
  }
  const recipients: number[] = [];
  let mask = 0;
  for (const choices of allowed) {
    let pick = randomBelow(ways[mask]!, random);
    const recipient = choices.find((candidate) => {
      if (mask & (1 << candidate)) return false;
      pick -= ways[mask | (1 << candidate)]!;
      return pick < 0;
    })!;
    recipients.push(recipient);
    mask |= 1 << recipient;
  }
  return recipients;
}

/** A uniform integer below `bound` (up to 2^52) from draws of 26 bits each; the tail past the last whole multiple of `bound` is drawn again. */
function randomBelow(bound: number, random: RandomInt): number {
  if (bound < 2 ** 48) return random(bound);
  const span = 2 ** 52;
  const limit = span - (span % bound);
  for (;;) {
    const value = random(2 ** 26) * 2 ** 26 + random(2 ** 26);
    if (value < limit) return value % bound;
  }
}

/** Uniform shuffles until a valid one: each valid assignment equally likely (see EXCLUSIONS_MAX for why it ends soon). */
function shuffledDraw(allowed: number[][], random: RandomInt): number[] {
  const allows = allowed.map((list) => new Set(list));
  for (let tries = 0; tries < SHUFFLE_TRIES_MAX; tries++) {
    const recipients = shuffled(range(allowed.length), random);
    if (recipients.every((recipient, giver) => allows[giver]!.has(recipient))) return recipients;
  }
  throw new Error(`No valid shuffle in ${SHUFFLE_TRIES_MAX} tries: the random source is broken`);
}

/** The person kept from the most others, as a giver or as a recipient. */
function mostExcluded(allowed: number[][]): DrawCrowded {
  const count = allowed.length;
  const givenBy = new Array<number>(count).fill(0);
  for (const list of allowed) for (const recipient of list) givenBy[recipient]!++;
  const exclusionsOf = (person: number) => count - 1 - Math.min(allowed[person]!.length, givenBy[person]!);
  const giver = range(count).reduce((most, person) => (exclusionsOf(person) > exclusionsOf(most) ? person : most), 0);
  return { giver, exclusions: exclusionsOf(giver) };
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
 * A complete search (augmenting paths): whether a valid assignment exists, else the givers
 * reachable from one left without a recipient, who together may give only to the recipients
 * already taken by them (a Hall violator). The assignment it finds is not the one drawn.
 */
function matching(allowed: number[][]): DrawOutcome {
  const giverOf: (number | undefined)[] = [];
  const recipientOf: number[] = [];
  for (const giver of range(allowed.length)) {
    const visited = new Set<number>();
    if (!augment(giver, allowed, giverOf, recipientOf, visited)) return { ok: false, conflict: hallViolator(giver, allowed, giverOf) };
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
