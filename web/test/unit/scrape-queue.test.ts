import { describe, expect, it } from 'vitest';
import { ScrapeQueue, type LinkState, type ReadFailure } from '../../src/pages/wishlists/bulk/scrape-queue';

class Refused extends Error {
  constructor(readonly failure: ReadFailure) {
    super(failure.message ?? 'refused');
  }
}

/** Runs the queue over `urls` with reads that take `readMs`; resolves with each link's last state, the reads and the most run at once per host. */
function run(urls: string[], fail: (url: string, attempt: number) => ReadFailure | null, timing = { concurrency: 3, hostGapMs: 40, backoffMs: 30, attempts: 3 }) {
  const reads: { url: string; start: number; end: number }[] = [];
  const attempts = new Map<string, number>();
  const openPerHost = new Map<string, number>();
  let mostPerHost = 0;
  let mostAtOnce = 0;
  let open = 0;
  const states = new Map<string, LinkState>();
  return new Promise<{ states: Map<string, LinkState>; reads: typeof reads; mostPerHost: number; mostAtOnce: number }>((resolve) => {
    const read = async (url: string) => {
      const host = new URL(url).host;
      const attempt = (attempts.get(url) ?? 0) + 1;
      attempts.set(url, attempt);
      openPerHost.set(host, (openPerHost.get(host) ?? 0) + 1);
      mostPerHost = Math.max(mostPerHost, openPerHost.get(host)!);
      mostAtOnce = Math.max(mostAtOnce, ++open);
      const entry = { url, start: Date.now(), end: 0 };
      reads.push(entry);
      await new Promise((done) => setTimeout(done, 10));
      entry.end = Date.now();
      open--;
      openPerHost.set(host, openPerHost.get(host)! - 1);
      const failure = fail(url, attempt);
      if (failure) throw new Refused(failure);
      return url;
    };
    const queue = new ScrapeQueue<string>(read, (error) => (error as Refused).failure, {
      onState: (url, state) => {
        states.set(url, state);
        if ([...states.values()].every((each) => each === 'found' || each === 'failed') && states.size === urls.length) resolve({ states, reads, mostPerHost, mostAtOnce });
      },
    }, timing);
    queue.add(urls);
  });
}

const shop = (host: string, count: number) => Array.from({ length: count }, (_, index) => `https://${host}/p/${index}`);

describe('the bulk view queue', () => {
  it('reads one page at a time per shop, with a gap between two reads of one shop, several shops at once', async () => {
    const { reads, mostPerHost, mostAtOnce } = await run([...shop('a.example', 4), ...shop('b.example', 2)], () => null);
    expect(mostPerHost).toBe(1);
    expect(mostAtOnce).toBe(2);
    const ofA = reads.filter((read) => read.url.includes('a.example'));
    for (let index = 1; index < ofA.length; index++) expect(ofA[index]!.start - ofA[index - 1]!.end).toBeGreaterThanOrEqual(35);
  });

  it('tries a failure that may pass again, gives up after three reads, and fails a refusal at once', async () => {
    const result = await run(['https://a.example/down', 'https://b.example/private', 'https://c.example/flaky'], (url, attempt) => {
      if (url.endsWith('/down')) return { status: 502, message: 'Scraping failed', retryAfterSeconds: null };
      if (url.endsWith('/private')) return { status: 400, message: 'Private address', retryAfterSeconds: null };
      return attempt === 1 ? { status: 429, message: 'Too many', retryAfterSeconds: 0.05 } : null;
    });
    const count = (url: string) => result.reads.filter((read) => read.url === url).length;
    expect([count('https://a.example/down'), count('https://b.example/private'), count('https://c.example/flaky')]).toEqual([3, 1, 2]);
    expect(Object.fromEntries(result.states)).toEqual({ 'https://a.example/down': 'failed', 'https://b.example/private': 'failed', 'https://c.example/flaky': 'found' });
  });
});
