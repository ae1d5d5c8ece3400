import { describe, expect, it } from 'vitest';
import { keptOrMade, MAX_KEPT_PAGES } from '../../src/site/kept-or-made';

// Server-rendered pages are kept per reader and branding. A burst of visitors to a page nobody has
// opened yet must wait for one render (not one each: a fresh server under load fell to a crawl), a
// render that failed must not be what every later visitor gets, and the kept pages stay bounded.
describe('pages kept or made once', () => {
  it('renders a page once for a burst of visitors asking at the same time', async () => {
    const kept = new Map<string, Promise<string>>();
    let renders = 0;
    const render = async () => {
      renders += 1;
      await Bun.sleep(20);
      return '<html>list</html>';
    };
    const pages = await Promise.all(Array.from({ length: 50 }, () => keptOrMade(kept, 'share|en', render)));
    expect(renders).toBe(1);
    expect(new Set(pages)).toEqual(new Set(['<html>list</html>']));
    await keptOrMade(kept, 'share|en', render);
    expect(renders).toBe(1);
  });

  it('renders again for the next visitor after a render failed, and the failure reaches only those who waited on it', async () => {
    const kept = new Map<string, Promise<string>>();
    let attempts = 0;
    const flaky = async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('database busy');
      return '<html>landing</html>';
    };
    const waiting = [keptOrMade(kept, 'landing', flaky), keptOrMade(kept, 'landing', flaky)];
    for (const visitor of waiting) await expect(visitor).rejects.toThrow('database busy');
    await expect(keptOrMade(kept, 'landing', flaky)).resolves.toBe('<html>landing</html>');
    expect(attempts).toBe(2);
  });

  it('keeps at most a bounded number of pages however many readers and brandings come', async () => {
    const kept = new Map<string, Promise<string>>();
    for (let reader = 0; reader < MAX_KEPT_PAGES * 3 + 7; reader += 1) {
      await keptOrMade(kept, `reader-${reader}`, async () => `page ${reader}`);
      expect(kept.size).toBeLessThanOrEqual(MAX_KEPT_PAGES);
    }
    await expect(keptOrMade(kept, `reader-${MAX_KEPT_PAGES * 3 + 6}`, async () => 'made again')).resolves.toBe(`page ${MAX_KEPT_PAGES * 3 + 6}`);
  });
});
