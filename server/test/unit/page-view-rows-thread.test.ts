import { afterAll, describe, expect, it } from 'vitest';
import { geoIpFiles } from '../../src/features/visitors/geo-ip';
import type { PageViews } from '../../src/features/visitors/page-view-rows';
import { PageViewRowsThread } from '../../src/features/visitors/page-view-rows-thread';

// The visitor log's rows are made on a thread of their own (GeoIP, profiles, ids, JSON), so a
// flood of page views costs the request thread little more than remembering them.

const BROWSER = 'Mozilla/5.0 (rows thread test)';
/** An address the shipped GeoLite2 City data places in the United Kingdom. */
const BRACKNELL = '81.2.69.142';
const view = (ip: string, at = Date.now(), count = 1): PageViews => [at, 'https://gifts.example', ip, BROWSER, count];

const thread = new PageViewRowsThread(geoIpFiles(null));
afterAll(() => thread.close());

describe('visitor log rows thread', () => {
  it('places each view by GeoIP, keeps its count and names each new profile once, with each address at its latest visit', async () => {
    const rows = await thread.make([view(BRACKNELL, 1_000, 40), view('10.0.0.7', 2_000), view(BRACKNELL, 3_000)]);
    const profiles = JSON.parse(rows.profiles!) as string[][];
    expect(profiles.map(([, domain, city, country]) => [domain, city !== '', country])).toEqual([
      ['gifts.example', true, 'United Kingdom'],
      ['gifts.example', false, ''], // a private address has no place
    ]);
    const views = JSON.parse(rows.views) as [string, number, string, string, number][];
    expect(views.map(([, at, profileId, ip, count]) => [at, profileId, ip, count])).toEqual([
      [1_000, profiles[0]![0], BRACKNELL, 40],
      [2_000, profiles[1]![0], '10.0.0.7', 1],
      [3_000, profiles[0]![0], BRACKNELL, 1],
    ]);
    expect(new Set(views.map(([id]) => id)).size).toBe(3);
    expect(JSON.parse(rows.addresses)).toEqual([[BRACKNELL, 3_000], ['10.0.0.7', 2_000]]);
  });

  it('does not write a known profile again until told to forget them (after a failed write or a pruning)', async () => {
    expect((await thread.make([view(BRACKNELL)])).profiles).toBeNull();
    thread.forgetProfiles();
    expect(JSON.parse((await thread.make([view(BRACKNELL)])).profiles!)).toHaveLength(1);
  });

  it('fails at once once ended, so the log starts another thread for its next batch', async () => {
    const ended = new PageViewRowsThread(geoIpFiles(null));
    ended.close();
    expect(ended.alive).toBe(false);
    await expect(ended.make([view(BRACKNELL)])).rejects.toThrow('the visitor log rows thread is closed');
  });
});
