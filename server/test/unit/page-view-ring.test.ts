import { describe, expect, it } from 'vitest';
import { PageViewRing } from '../../src/features/visitors/page-view-ring';

// Page views cross from the request thread to the visitor log's rows thread as bytes in a shared
// ring: every view comes out as it went in, in order, however often the ring wraps around.

const VISITOR = 'https://gifts.example\n81.2.69.142\nMozilla/5.0 (a real browser)';

const drained = (ring: PageViewRing) => {
  const entries: [number, string, number][] = [];
  ring.drain((at, visitor, views) => entries.push([at, visitor, views]));
  return entries;
};

describe('page view ring', () => {
  it('hands every view back in order across many wrap-arounds, user agents of any script intact', () => {
    const ring = PageViewRing.create(16_384);
    const reader = new PageViewRing(ring.buffer); // as the rows thread sees it
    const sent: [number, string, number][] = [];
    const received: [number, string, number][] = [];
    for (let n = 0; n < 5_000; n++) {
      const visitor = `https://gifts.example\n2a02:c7c::${n.toString(16)}\nMozilla/5.0 (${'ü'.repeat(n % 97)} 日本 ${n})`;
      expect(ring.push(1_700_000_000_000 + n, visitor, 1 + (n % 3))).toBe(true);
      sent.push([1_700_000_000_000 + n, visitor, 1 + (n % 3)]);
      if (n % 37 === 0) received.push(...drained(reader));
    }
    received.push(...drained(reader));
    expect(received).toEqual(sent);
    expect(ring.usedBytes).toBe(0);
  });

  it('refuses views once full, and takes them again once read', () => {
    const ring = PageViewRing.create(16_384);
    let queued = 0;
    while (ring.push(queued, VISITOR, 1)) queued += 1;
    expect(queued).toBeGreaterThan(200);
    expect(ring.usedBytes).toBeGreaterThan(16_384 - 100);
    expect(drained(ring)).toHaveLength(queued);
    expect(ring.usedBytes).toBe(0);
    expect(ring.push(0, VISITOR, 1)).toBe(true);
  });

  it('refuses a view whose text is longer than an entry may be (a Host header of kilobytes)', () => {
    const ring = PageViewRing.create(16_384);
    expect(ring.push(0, `https://${'a'.repeat(5_000)}.example\n81.2.69.142\nMozilla/5.0`, 1)).toBe(false);
    expect(ring.push(0, `https://gifts.example\n81.2.69.142\n${'ü'.repeat(512)}`, 1)).toBe(true);
    expect(ring.usedBytes).toBeGreaterThan(1_024);
  });
});
