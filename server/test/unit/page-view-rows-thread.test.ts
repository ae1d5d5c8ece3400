import { afterAll, describe, expect, it } from 'vitest';
import { geoIpFiles } from '../../src/features/visitors/geo-ip';
import { PageViewRing } from '../../src/features/visitors/page-view-ring';
import { PageViewRowsThread } from '../../src/features/visitors/page-view-rows-thread';

// The visitor log's rows are made on a thread of their own from the views the request thread
// queued in the shared ring (repeats, GeoIP, profiles, ids, JSON), so a flood of page views costs
// the request thread little more than copying their bytes.

const BROWSER = 'Mozilla/5.0 (rows thread test)';
const ORIGIN = 'https://gifts.example';
/** An address the shipped GeoLite2 City data places in the United Kingdom. */
const BRACKNELL = '81.2.69.142';

const visitor = (ip: string, userAgent = BROWSER) => `${ORIGIN}\n${ip}\n${userAgent}`;

const ring = PageViewRing.create(1 << 20);
const thread = new PageViewRowsThread(geoIpFiles(null), ring.buffer);
afterAll(() => thread.close());

type ViewRow = [id: string, at: number, profileId: string, ip: string, views: number];

describe('visitor log rows thread', () => {
  it("places each view by GeoIP, counts a visitor's repeats on one row, names each new profile once, with each address at its latest visit", async () => {
    for (let n = 0; n < 30; n++) ring.push(1_000 + n, visitor(BRACKNELL), 1);
    ring.push(2_000, visitor('10.0.0.7'), 1);
    ring.push(2_500, visitor(BRACKNELL), 10); // views the request thread counted meanwhile
    ring.push(3_000, visitor(BRACKNELL, `${BROWSER} 2`), 1);
    const [rows, ...more] = await thread.take();
    expect(more).toEqual([]);
    expect(rows!.viewCount).toBe(42);
    const profiles = JSON.parse(rows!.profiles!) as string[][];
    expect(profiles.map(([, domain, city, country, userAgent]) => [domain, city !== '', country, userAgent])).toEqual([
      ['gifts.example', true, 'United Kingdom', BROWSER],
      ['gifts.example', false, '', BROWSER], // a private address has no place
      ['gifts.example', true, 'United Kingdom', `${BROWSER} 2`],
    ]);
    const views = JSON.parse(rows!.views) as ViewRow[];
    expect(views.map(([, at, profileId, ip, count]) => [at, profileId, ip, count])).toEqual([
      [1_000, profiles[0]![0], BRACKNELL, 40],
      [2_000, profiles[1]![0], '10.0.0.7', 1],
      [3_000, profiles[2]![0], BRACKNELL, 1],
    ]);
    expect(new Set(views.map(([id]) => id)).size).toBe(3);
    expect(JSON.parse(rows!.addresses)).toEqual([[BRACKNELL, 3_000], ['10.0.0.7', 2_000]]);
    expect(ring.usedBytes).toBe(0);
  });

  it('gives a view whose Host is no host an empty domain, and makes the rows of the views beside it', async () => {
    ring.push(1, `http://<x>\n${BRACKNELL}\n${BROWSER}`, 1);
    ring.push(2, visitor('10.0.0.8', `${BROWSER} beside it`), 1);
    const [rows] = await thread.take();
    expect(rows!.viewCount).toBe(2);
    expect((JSON.parse(rows!.profiles!) as string[][]).map(([, domain]) => domain)).toEqual(['', 'gifts.example']);
  });

  it('hands nothing when no view waits', async () => {
    expect(await thread.take()).toEqual([]);
  });

  it('makes a flood from new addresses into batches of at most 1,000 rows', async () => {
    for (let n = 0; n < 2_500; n++) ring.push(n, visitor(`81.2.${n >> 8}.${n & 255}`), 1);
    const batches = await thread.take();
    expect(batches.map((batch) => (JSON.parse(batch.views) as ViewRow[]).length)).toEqual([1_000, 1_000, 500]);
    expect(batches.map((batch) => batch.viewCount)).toEqual([1_000, 1_000, 500]);
    expect((JSON.parse(batches[2]!.views) as ViewRow[]).at(-1)![3]).toBe('81.2.9.195');
  });

  it('does not write a known profile again until told to forget them (after a failed write or a pruning)', async () => {
    ring.push(1, visitor(BRACKNELL), 1);
    expect((await thread.take())[0]!.profiles).toBeNull();
    thread.forgetProfiles();
    ring.push(2, visitor(BRACKNELL), 1);
    expect(JSON.parse((await thread.take())[0]!.profiles!)).toHaveLength(1);
  });

  it('fails at once once ended, so the log starts another thread (on the same ring) for its next views', async () => {
    const ended = new PageViewRowsThread(geoIpFiles(null), ring.buffer);
    ended.close();
    expect(ended.alive).toBe(false);
    await expect(ended.take()).rejects.toThrow('the visitor log rows thread is closed');
  });
});
