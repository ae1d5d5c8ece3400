import { describe, expect, it } from 'vitest';
import { PageViewRing } from '../../src/features/visitors/page-view-ring';

// Page views cross from the request thread to the visitor log's rows thread as bytes in a shared
// ring: every view comes out as it went in, in order, however often the ring wraps around.

const drained = (ring: PageViewRing) => {
  const views: [number, string][] = [];
  ring.drain((at, visitor) => views.push([at, visitor]));
  return views;
};

describe('page view ring', () => {
  it('hands every view back in order across many wrap-arounds, user agents of any script intact', () => {
    const ring = PageViewRing.create(16_384);
    const reader = new PageViewRing(ring.buffer); // as the rows thread sees it
    const sent: [number, string][] = [];
    const received: [number, string][] = [];
    for (let n = 0; n < 5_000; n++) {
      const userAgent = `Mozilla/5.0 (${'ü'.repeat(n % 97)} 日本 ${n})`;
      const ip = `2a02:c7c::${n.toString(16)}`;
      expect(ring.push(1_700_000_000_000 + n, 'https://gifts.example', ip, userAgent)).toBe(true);
      sent.push([1_700_000_000_000 + n, `https://gifts.example\n${ip}\n${userAgent}`]);
      if (n % 37 === 0) received.push(...drained(reader));
    }
    received.push(...drained(reader));
    expect(received).toEqual(sent);
    expect(ring.usedBytes).toBe(0);
  });

  it('refuses views once full, and takes them again once read', () => {
    const ring = PageViewRing.create(16_384);
    let queued = 0;
    while (ring.push(queued, 'https://gifts.example', '81.2.69.142', 'Mozilla/5.0 (a real browser)')) queued += 1;
    expect(queued).toBeGreaterThan(200);
    expect(ring.halfFull).toBe(true);
    expect(drained(ring)).toHaveLength(queued);
    expect(ring.halfFull).toBe(false);
    expect(ring.push(0, 'https://gifts.example', '81.2.69.142', 'Mozilla/5.0 (a real browser)')).toBe(true);
  });

  it('refuses a view whose text is longer than an entry may be (a Host header of kilobytes)', () => {
    const ring = PageViewRing.create(16_384);
    expect(ring.push(0, `https://${'a'.repeat(5_000)}.example`, '81.2.69.142', 'Mozilla/5.0')).toBe(false);
    expect(ring.push(0, 'https://gifts.example', '81.2.69.142', 'ü'.repeat(512))).toBe(true);
    expect(ring.usedBytes).toBeGreaterThan(1_024);
  });
});
