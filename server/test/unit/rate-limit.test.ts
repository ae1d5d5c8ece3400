import { afterEach, describe, expect, it, vi } from 'vitest';
import { DomainError } from '../../src/domain/errors';
import { headersOf, statusOf } from '../../src/http/domain-answers';
import { RateLimiter, shareRateLimitsThrough, type RateLimitRule } from '../../src/limits/rate-limit';

function limiter(limit: number) {
  let now = 1_000_000;
  const l = new RateLimiter({ limit, windowMs: 15 * 60_000, text: 'tooManySignIns' }, { now: () => now });
  return { l, advance: (ms: number) => (now += ms) };
}

async function refusal(attempt: Promise<void>): Promise<DomainError> {
  const error = await attempt.then(() => new Error('expected a 429'), (error: unknown) => error);
  if (error instanceof DomainError) return error;
  throw error;
}

/** Whether each hit got in (true) or was refused with 429 (false). */
function outcomes(hits: Promise<void>[]): Promise<boolean[]> {
  return Promise.all(hits.map((hit) => hit.then(() => true, (error: unknown) => {
    if (error instanceof DomainError && statusOf(error) === 429) return false;
    throw error;
  })));
}

describe('RateLimiter', () => {
  it('allows the limit, then refuses with 429 and when to retry', async () => {
    const { l } = limiter(3);
    for (let i = 0; i < 3; i++) await l.hit('1.2.3.4');
    const error = await refusal(l.hit('1.2.3.4'));
    expect(statusOf(error)).toBe(429);
    expect(error.message).toBe('Too many sign-in attempts. Please try again in 15 minutes.');
    expect(headersOf(error)).toEqual({ 'retry-after': '900' });
  });

  it('counts each key on its own', async () => {
    const { l } = limiter(1);
    await l.hit('a');
    await l.hit('b');
    await expect(l.hit('a')).rejects.toThrow(DomainError);
  });

  it('starts a new window once the old one is over', async () => {
    const { l, advance } = limiter(1);
    await l.hit('a');
    advance(14 * 60_000);
    expect((await refusal(l.hit('a'))).message).toContain('try again in 1 minute.');
    advance(60_000);
    await expect(l.hit('a')).resolves.toBeUndefined();
  });

  it('check() looks without counting, take() counts only while there is room, reset() forgets', async () => {
    const { l } = limiter(2);
    l.check('a');
    expect(await l.take('a')).toBe(true);
    expect(await l.take('a')).toBe(true);
    expect(await l.take('a')).toBe(false);
    expect(() => l.check('a')).toThrow(DomainError);
    l.reset('a');
    expect(() => l.check('a')).not.toThrow();
  });

  describe('with counts shared between replicas', () => {
    afterEach(() => shareRateLimitsThrough(null));

    /** A shared count that answers after `delayMs`, like the database's table; `counted` starts with other replicas' hits. */
    function sharedTable(counted = 0, delayMs = 5) {
      const upserts: number[] = [];
      shareRateLimitsThrough({
        add: async (_scope, _key, _windowMs, hits) => {
          upserts.push(hits);
          await new Promise((resolve) => setTimeout(resolve, delayMs));
          counted += hits;
          return { count: counted, resetAt: Date.now() + 60_000 };
        },
        forget: async () => {},
      });
      return { upserts };
    }
    const rule: RateLimitRule = { limit: 8, windowMs: 60_000, text: 'tooManySignIns', scope: 'test calls' };

    it('a burst on one key is judged on the shared count, sent as one upsert per round trip, not one each', async () => {
      const { upserts } = sharedTable(5); // another replica's hits
      const l = new RateLimiter(rule);
      const answers = await outcomes(Array.from({ length: 10 }, () => l.hit('10.0.0.1')));
      // The first hit at once, the next 7 together; the last 2 are past the limit by this replica's own count.
      expect(upserts).toEqual([1, 7]);
      // 5 elsewhere: the first hit, and the two more the shared count has room for.
      expect(answers).toEqual([true, true, true, false, false, false, false, false, false, false]);
    });

    it('a hit with none of its key on the way is answered without waiting for the database', async () => {
      let answer = (_: { count: number; resetAt: number }) => {};
      shareRateLimitsThrough({ add: () => new Promise((resolve) => (answer = resolve)), forget: async () => {} });
      const l = new RateLimiter(rule);
      await expect(l.hit('10.0.0.2')).resolves.toBeUndefined(); // the upsert has not answered yet
      answer({ count: 1, resetAt: Date.now() + 60_000 });
    });

    it('a burst over several replicas at once gets the limit, give or take one per other replica', async () => {
      sharedTable(0, 2);
      const replicas = Array.from({ length: 3 }, () => new RateLimiter(rule));
      const answers = await outcomes(Array.from({ length: 60 }, (_, index) => replicas[index % 3]!.hit('10.0.0.3')));
      const admitted = answers.filter(Boolean).length;
      expect(admitted).toBeGreaterThanOrEqual(rule.limit);
      expect(admitted).toBeLessThanOrEqual(rule.limit + 2);
    });

    it('once a replica has seen the limit reached, it refuses without asking the database', async () => {
      const { upserts } = sharedTable(rule.limit); // other replicas used it up
      const l = new RateLimiter(rule);
      await l.hit('10.0.0.4'); // its first hit: nothing known here yet
      await vi.waitFor(() => expect(() => l.check('10.0.0.4')).toThrow(DomainError));
      expect(await outcomes([l.hit('10.0.0.4'), l.hit('10.0.0.4')])).toEqual([false, false]);
      expect(upserts).toEqual([1]);
    });

    it('when the shared counts fail, each replica counts on its own', async () => {
      shareRateLimitsThrough({ add: async () => Promise.reject(new Error('connection refused')), forget: async () => {} });
      const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
      const l = new RateLimiter(rule);
      const answers = await outcomes(Array.from({ length: 10 }, () => l.hit('10.0.0.5')));
      expect(answers.filter(Boolean)).toHaveLength(rule.limit);
      expect(errors).toHaveBeenCalledTimes(1);
      errors.mockRestore();
    });
  });
});
