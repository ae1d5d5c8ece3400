import { describe, expect, it } from 'vitest';
import { drawAssignment, EXACT_MAX, EXCLUSIONS_MAX, type MayGive, type RandomInt } from '../../src/features/secret-santa/assignment';

/** A seeded random source (mulberry32): the same draws on every run. */
function seeded(seed: number): { next: () => number; int: RandomInt } {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (bound) => Math.floor(next() * bound) };
}

/** A random group: `count` people, each pair excluded (both ways) with probability `density`. */
function randomGroup(count: number, density: number, random: () => number): MayGive {
  const excluded = new Set<string>();
  for (let a = 0; a < count; a++) for (let b = a + 1; b < count; b++) if (random() < density) excluded.add(`${a}-${b}`);
  return (giver, recipient) => giver !== recipient && !excluded.has(`${Math.min(giver, recipient)}-${Math.max(giver, recipient)}`);
}

function isValid(recipients: number[], count: number, mayGive: MayGive): boolean {
  return recipients.length === count && new Set(recipients).size === count && recipients.every((recipient, giver) => recipient !== giver && mayGive(giver, recipient));
}

/** Every valid assignment, by brute force (small groups only). */
function allValid(count: number, mayGive: MayGive): string[] {
  const found: string[] = [];
  const walk = (prefix: number[]) => {
    if (prefix.length === count) return void found.push(prefix.join(','));
    for (let recipient = 0; recipient < count; recipient++) if (!prefix.includes(recipient) && mayGive(prefix.length, recipient)) walk([...prefix, recipient]);
  };
  walk([]);
  return found;
}

/** A derangement of `count` (last year's draw): shuffled until no one gives to themselves. */
function shuffledPermutation(count: number, random: RandomInt): number[] {
  for (;;) {
    const order = Array.from({ length: count }, (_, index) => index);
    for (let index = count - 1; index > 0; index--) {
      const other = random(index + 1);
      [order[index], order[other]] = [order[other]!, order[index]!];
    }
    if (order.every((recipient, giver) => recipient !== giver)) return order;
  }
}

const factorial = (n: number): number => (n <= 1 ? 1 : n * factorial(n - 1));

/** The chi-square distribution's 99.9th percentile for df degrees of freedom (Wilson-Hilferty). */
function chiSquareCritical(df: number): number {
  return df * (1 - 2 / (9 * df) + 3.09 * Math.sqrt(2 / (9 * df))) ** 3;
}

/** Draws `runs` times and answers the chi-square of how often each valid assignment came out against all equally often. */
function chiSquareOfDraws(count: number, mayGive: MayGive, valid: string[], runs: number, random: RandomInt): number {
  const seen = new Map(valid.map((key) => [key, 0]));
  for (let run = 0; run < runs; run++) {
    const outcome = drawAssignment(count, mayGive, random);
    if (!outcome.ok) throw new Error('a possible group was refused');
    const key = outcome.recipients.join(',');
    expect(seen.has(key)).toBe(true);
    seen.set(key, seen.get(key)! + 1);
  }
  const expected = runs / valid.length;
  return [...seen.values()].reduce((sum, observed) => sum + (observed - expected) ** 2 / expected, 0);
}

/** Exclusions per person (as giver or recipient, the most of the two). */
function exclusionsOf(count: number, mayGive: MayGive, person: number): number {
  let cannotGive = 0;
  let cannotGet = 0;
  for (let other = 0; other < count; other++) {
    if (other === person) continue;
    if (!mayGive(person, other)) cannotGive++;
    if (!mayGive(other, person)) cannotGet++;
  }
  return Math.max(cannotGive, cannotGet);
}

describe('Secret Santa assignment', () => {
  it('draws a valid assignment for every random group that has one, and names a real conflict for every one that has none', () => {
    const random = seeded(1);
    let impossible = 0;
    for (let round = 0; round < 600; round++) {
      const count = 3 + (round % 6);
      const mayGive = randomGroup(count, round % 3 === 0 ? 0.5 : 0.25, random.next);
      const outcome = drawAssignment(count, mayGive, random.int);
      const possible = allValid(count, mayGive).length > 0;
      expect(outcome.ok).toBe(possible);
      if (outcome.ok) {
        expect(isValid(outcome.recipients, count, mayGive)).toBe(true);
        continue;
      }
      impossible++;
      if (!('conflict' in outcome)) throw new Error('a small group was refused as crowded');
      const { givers, recipients } = outcome.conflict;
      expect(recipients.length).toBeLessThan(givers.length);
      for (const giver of givers) for (let other = 0; other < count; other++) if (mayGive(giver, other)) expect(recipients).toContain(other);
    }
    expect(impossible).toBeGreaterThan(10);
  });

  it('makes every valid assignment equally likely where random shuffles would almost never hit one (chi-square against brute force)', () => {
    const random = seeded(38);
    const count = 10;
    // Dense exclusions: find groups where fewer than 1 in 20,000 shuffles is valid, yet a few dozen assignments are.
    const groups: { mayGive: MayGive; valid: string[] }[] = [];
    while (groups.length < 1) {
      const mayGive = randomGroup(count, 0.55, random.next);
      const valid = allValid(count, mayGive);
      if (valid.length >= 8 && valid.length * 20_000 < factorial(count)) groups.push({ mayGive, valid });
    }
    for (const { mayGive, valid } of groups) {
      const chiSquare = chiSquareOfDraws(count, mayGive, valid, 150 * valid.length, random.int);
      expect(chiSquare).toBeLessThan(chiSquareCritical(valid.length - 1));
    }
  });

  it('makes every valid assignment equally likely in a loosely tied group too', () => {
    const random = seeded(5);
    const count = 5;
    const mayGive: MayGive = (giver, recipient) => giver !== recipient && !(Math.min(giver, recipient) === 0 && Math.max(giver, recipient) === 1);
    const valid = allValid(count, mayGive);
    const runs = 400 * valid.length;
    const critical = chiSquareCritical(valid.length - 1);
    expect(chiSquareOfDraws(count, mayGive, valid, runs, random.int)).toBeLessThan(critical);
    // A draw that always took one assignment would be far over it.
    const expected = runs / valid.length;
    const skewed = valid.reduce((sum, _key, index) => sum + ((index === 0 ? runs : 0) - expected) ** 2 / expected, 0);
    expect(skewed).toBeGreaterThan(critical);
  });

  it("avoids last year's pairs one way only (giver to giftee), with couples kept apart both ways, every valid assignment equally likely", () => {
    const random = seeded(2026);
    const count = 6;
    const lastYear = [3, 2, 5, 4, 0, 1];
    const mayGive: MayGive = (giver, recipient) => giver !== recipient && Math.min(giver, recipient) + Math.max(giver, recipient) * 10 !== 10 && lastYear[giver] !== recipient;
    const valid = allValid(count, mayGive);
    // One way: someone may well give to the person who gave to them last year.
    expect(valid.some((key) => key.split(',').some((recipient, giver) => lastYear[Number(recipient)] === giver))).toBe(true);
    expect(chiSquareOfDraws(count, mayGive, valid, 200 * valid.length, random.int)).toBeLessThan(chiSquareCritical(valid.length - 1));
    // In a group too large to count, by rejection: never last year's giftee either.
    const large = 40;
    const before = shuffledPermutation(large, random.int);
    for (let run = 0; run < 50; run++) {
      const outcome = drawAssignment(large, (giver, recipient) => giver !== recipient && before[giver] !== recipient, random.int);
      expect(outcome.ok && outcome.recipients.every((recipient, giver) => recipient !== giver && recipient !== before[giver])).toBe(true);
    }
  });

  it('finds the one assignment the rules leave, where random shuffles would hardly ever hit it', () => {
    const count = 12;
    const outcome = drawAssignment(count, (giver, recipient) => recipient === (giver + 1) % count);
    expect(outcome).toEqual({ ok: true, recipients: Array.from({ length: count }, (_, giver) => (giver + 1) % count) });
  });

  it(`draws the largest exactly counted group (${EXACT_MAX}) under dense exclusions, and groups of 100 with a few exclusions each`, () => {
    const random = seeded(7);
    const dense = randomGroup(EXACT_MAX, 0.6, random.next);
    const tight = drawAssignment(EXACT_MAX, dense, random.int);
    expect(tight.ok && isValid(tight.recipients, EXACT_MAX, dense)).toBe(true);
    for (let round = 0; round < 10; round++) {
      // Couples: person 2k and 2k+1 must not draw each other; and last year's giver and giftee (k ± 2).
      const mayGive: MayGive = (giver, recipient) => giver !== recipient && Math.floor(giver / 2) !== Math.floor(recipient / 2) && Math.abs(giver - recipient) !== 2;
      const outcome = drawAssignment(100, mayGive, random.int);
      expect(outcome.ok && isValid(outcome.recipients, 100, mayGive)).toBe(true);
    }
  });

  it(`refuses a group larger than ${EXACT_MAX} where someone has more than ${EXCLUSIONS_MAX} exclusions, naming them`, () => {
    const count = EXACT_MAX + 1;
    // Person 4 must not draw 0, 1, 2 or 3 (nor they 4): a valid draw exists, but shuffles would not be provably common.
    const mayGive: MayGive = (giver, recipient) => giver !== recipient && !(Math.max(giver, recipient) === 4 && Math.min(giver, recipient) < 4);
    expect(allValid(6, (giver, recipient) => giver !== recipient && !(Math.max(giver, recipient) === 4 && Math.min(giver, recipient) < 4)).length).toBeGreaterThan(0);
    expect(exclusionsOf(count, mayGive, 4)).toBe(EXCLUSIONS_MAX + 1);
    expect(drawAssignment(count, mayGive, seeded(2).int)).toEqual({ ok: false, crowded: { giver: 4, exclusions: EXCLUSIONS_MAX + 1 } });
    // The same exclusions in a group small enough to count are drawn.
    expect(drawAssignment(EXACT_MAX, mayGive, seeded(2).int).ok).toBe(true);
  });

  it('refuses an impossible set, naming the givers who share too few recipients', () => {
    // Anna (0), Ben (1), Carl (2); Anna and Carl must not draw each other.
    const outcome = drawAssignment(3, (giver, recipient) => giver !== recipient && !((giver === 0 && recipient === 2) || (giver === 2 && recipient === 0)));
    expect(outcome).toEqual({ ok: false, conflict: { givers: [0, 2], recipients: [1] } });
    expect(drawAssignment(3, (giver, recipient) => giver !== 0 && giver !== recipient)).toEqual({ ok: false, conflict: { givers: [0], recipients: [] } });
  });
});
