import { afterEach, describe, expect, it, vi } from 'vitest';
import { DomainError } from '../../src/domain/errors';
import { headersOf, statusOf } from '../../src/http/domain-answers';
import { RateLimiter, shareRateLimitsThrough } from '../../src/limits/rate-limit';

function limiter(limit: number) {
  let now = 1_000_000;
  const l = new RateLimiter({ limit, windowMs: 15 * 60_000, text: 'tooManySignIns' }, () => now);
  return { l, advance: (ms: number) => (now += ms) };
}

function refusal(fn: () => void): DomainError {
  try {
    fn();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a 429');
}

describe('RateLimiter', () => {
  it('allows the limit, then refuses with 429 and when to retry', () => {
    const { l } = limiter(3);
    for (let i = 0; i < 3; i++) l.hit('1.2.3.4');
    const error = refusal(() => l.hit('1.2.3.4'));
    expect(statusOf(error)).toBe(429);
    expect(error.message).toBe('Too many sign-in attempts. Please try again in 15 minutes.');
    expect(headersOf(error)).toEqual({ 'retry-after': '900' });
  });

  it('counts each key on its own', () => {
    const { l } = limiter(1);
    l.hit('a');
    l.hit('b');
    expect(() => l.hit('a')).toThrow(DomainError);
  });

  it('starts a new window once the old one is over', () => {
    const { l, advance } = limiter(1);
    l.hit('a');
    advance(14 * 60_000);
    expect(refusal(() => l.hit('a')).message).toContain('try again in 1 minute.');
    advance(60_000);
    expect(() => l.hit('a')).not.toThrow();
  });

  it('check() and allows() look without counting; reset() forgets', () => {
    const { l } = limiter(2);
    l.check('a');
    expect(l.allows('a')).toBe(true);
    l.hit('a');
    l.hit('a');
    expect(l.allows('a')).toBe(false);
    expect(() => l.check('a')).toThrow(DomainError);
    l.reset('a');
    expect(() => l.check('a')).not.toThrow();
  });

  describe('with counts shared between replicas', () => {
    afterEach(() => shareRateLimitsThrough(null));

    it('sends a burst on one key as one upsert per round trip, not one each, and takes on the shared total', async () => {
      const upserts: number[] = [];
      let shared = 5; // another replica's hits
      shareRateLimitsThrough({
        add: async (_scope, _key, _windowMs, hits) => {
          upserts.push(hits);
          await new Promise((resolve) => setTimeout(resolve, 5));
          shared += hits;
          return { count: shared, resetAt: Date.now() + 60_000 };
        },
        forget: async () => {},
      });
      const l = new RateLimiter({ limit: 15, windowMs: 60_000, text: 'tooManyScrapes' });
      for (let i = 0; i < 10; i++) l.hit('10.0.0.1');
      await vi.waitFor(() => expect(upserts).toEqual([1, 9]));
      // 10 hits here and 5 elsewhere: the limit is reached on every replica's count.
      await vi.waitFor(() => expect(l.allows('10.0.0.1')).toBe(false));
      expect(() => l.hit('10.0.0.1')).toThrow(DomainError);
    });
  });
});
