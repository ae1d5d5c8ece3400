import { describe, expect, it } from 'vitest';
import { drawAssignment, type MayGive } from '../../src/features/secret-santa/assignment';

/** A random group: `count` people, each pair excluded (both ways) with probability `density`. */
function randomGroup(count: number, density: number): MayGive {
  const excluded = new Set<string>();
  for (let a = 0; a < count; a++) for (let b = a + 1; b < count; b++) if (Math.random() < density) excluded.add(`${a}-${b}`);
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

describe('Secret Santa assignment', () => {
  it('draws a valid assignment for every random group that has one, and names a real conflict for every one that has none', () => {
    let impossible = 0;
    for (let round = 0; round < 600; round++) {
      const count = 3 + (round % 6);
      const mayGive = randomGroup(count, round % 3 === 0 ? 0.5 : 0.25);
      const outcome = drawAssignment(count, mayGive);
      const possible = allValid(count, mayGive).length > 0;
      expect(outcome.ok).toBe(possible);
      if (outcome.ok) {
        expect(isValid(outcome.recipients, count, mayGive)).toBe(true);
        continue;
      }
      impossible++;
      const { givers, recipients } = outcome.conflict;
      expect(recipients.length).toBeLessThan(givers.length);
      for (const giver of givers) for (let other = 0; other < count; other++) if (mayGive(giver, other)) expect(recipients).toContain(other);
    }
    expect(impossible).toBeGreaterThan(10);
  });

  it('stays valid for groups of 100, with a few exclusions each (couples) or very many', () => {
    for (let round = 0; round < 22; round++) {
      const mayGive = randomGroup(100, round < 20 ? 0.02 : 0.3);
      const outcome = drawAssignment(100, mayGive);
      expect(outcome.ok && isValid(outcome.recipients, 100, mayGive)).toBe(true);
    }
  });

  it('finds the one assignment the rules leave, where random shuffles would hardly ever hit it', () => {
    const count = 12;
    const outcome = drawAssignment(count, (giver, recipient) => recipient === (giver + 1) % count);
    expect(outcome).toEqual({ ok: true, recipients: Array.from({ length: count }, (_, giver) => (giver + 1) % count) });
  });

  it('makes every valid assignment equally likely (chi-square over many draws of a small group)', () => {
    const count = 5;
    const mayGive: MayGive = (giver, recipient) => giver !== recipient && !(Math.min(giver, recipient) === 0 && Math.max(giver, recipient) === 1);
    const valid = allValid(count, mayGive);
    const seen = new Map(valid.map((key) => [key, 0]));
    const runs = 600 * valid.length;
    for (let run = 0; run < runs; run++) {
      const outcome = drawAssignment(count, mayGive);
      if (!outcome.ok) throw new Error('a possible group was refused');
      const key = outcome.recipients.join(',');
      expect(seen.has(key)).toBe(true);
      seen.set(key, seen.get(key)! + 1);
    }
    const expected = runs / valid.length;
    const chiSquare = [...seen.values()].reduce((sum, observed) => sum + (observed - expected) ** 2 / expected, 0);
    // The chi-square distribution's 99.9th percentile for df degrees of freedom (Wilson-Hilferty).
    const df = valid.length - 1;
    const critical = df * (1 - 2 / (9 * df) + 3.09 * Math.sqrt(2 / (9 * df))) ** 3;
    expect(chiSquare).toBeLessThan(critical);
    // A draw that always took one assignment would be far over it.
    const skewed = [...seen.keys()].reduce((sum, _key, index) => sum + ((index === 0 ? runs : 0) - expected) ** 2 / expected, 0);
    expect(skewed).toBeGreaterThan(critical);
  });

  it('refuses an impossible set, naming the givers who share too few recipients', () => {
    // Anna (0), Ben (1), Carl (2); Anna and Carl must not draw each other.
    const outcome = drawAssignment(3, (giver, recipient) => giver !== recipient && !((giver === 0 && recipient === 2) || (giver === 2 && recipient === 0)));
    expect(outcome).toEqual({ ok: false, conflict: { givers: [0, 2], recipients: [1] } });
    expect(drawAssignment(3, (giver, recipient) => giver !== 0 && giver !== recipient)).toEqual({ ok: false, conflict: { givers: [0], recipients: [] } });
  });
});
