import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AdminStreamEvent } from '@wishwell/shared/admin-events';
import { AdminNotifier } from '../src/admin-notifier';
import { FakeNotification } from './support/fake-electron';
import { ManualClock } from '@wishwell/server/test-support/manual-clock';

const BURST_MS = 120;
let seq = 0;

function failure(domain: string, url = `https://${domain}/p/${++seq}`): AdminStreamEvent {
  return { id: `e${++seq}`, type: 'scrape.failed', data: { url, domain, at: new Date().toISOString(), requestedBy: { _id: 'u1', name: 'Ann' }, reason: 'Scraping failed: timed out' } };
}

/** A notifier whose bursts are timed by `clock`, which each test moves itself. */
function notifier() {
  const opened: string[] = [];
  let focused = 0;
  const clock = new ManualClock();
  const instance = new AdminNotifier({
    createNotification: ({ title, body }) => new FakeNotification(title, body),
    showScrapeLogs: (domain) => opened.push(domain),
    focusWindow: () => focused++,
    burstMs: BURST_MS,
    timers: clock,
  });
  return { instance, opened, focused: () => focused, clock };
}

beforeEach(() => {
  FakeNotification.shown = [];
});
afterEach(() => {
  FakeNotification.shown = [];
});

describe('scrape failure notifications', () => {
  it('show one failure with its link and reason; a click opens Scrape Logs for that domain', async () => {
    const { instance, opened, clock } = notifier();
    instance.handle(failure('example.com', 'https://example.com/p/1'));
    expect(FakeNotification.shown).toEqual([]);
    await clock.advance(BURST_MS);
    expect(FakeNotification.shown.map((n) => [n.title, n.body])).toEqual([['Scrape failed on example.com', 'https://example.com/p/1\nScraping failed: timed out']]);
    FakeNotification.shown[0]!.click();
    expect(opened).toEqual(['example.com']);
  });

  it('group a burst per domain: 5 failures on one shop make one notification', async () => {
    const { instance, opened, clock } = notifier();
    for (let i = 0; i < 5; i++) instance.handle(failure('example.com'));
    instance.handle(failure('shop.example.org'));
    await clock.advance(BURST_MS);
    expect(FakeNotification.shown.map((n) => n.title).sort()).toEqual(['5 scrapes failed on example.com', 'Scrape failed on shop.example.org']);
    FakeNotification.shown.find((n) => n.title.startsWith('5'))!.click();
    expect(opened).toEqual(['example.com']);
  });

  it('start a new notification for failures after the burst has been shown', async () => {
    const { instance, clock } = notifier();
    instance.handle(failure('example.com'));
    instance.handle(failure('example.com'));
    await clock.advance(BURST_MS);
    instance.handle(failure('example.com'));
    await clock.advance(BURST_MS);
    expect(FakeNotification.shown.map((n) => n.title)).toEqual(['2 scrapes failed on example.com', 'Scrape failed on example.com']);
  });
});

describe('backup and restore notifications', () => {
  it('tell who ran them at once; a click brings the window forward', () => {
    const { instance, focused } = notifier();
    instance.handle({ id: 'b1', type: 'backup.finished', data: { at: '2026-11-23T16:00:00Z', by: { _id: 'u1', name: 'Ann' }, fileName: 'wishlist-backup-2026-11-23T16-00-00.000Z.gz', sizeBytes: 12_345_678, durationMs: 900, outcome: 'succeeded', message: null } });
    instance.handle({ id: 'r1', type: 'restore.finished', data: { at: '2026-11-23T16:05:00Z', by: null, fileName: 'old.gz', sizeBytes: 5000, durationMs: 1200, outcome: 'succeeded', message: null } });
    instance.handle({ id: 'r2', type: 'restore.finished', data: { at: '2026-11-23T16:06:00Z', by: { _id: 'u1', name: 'Ann' }, fileName: 'bad.gz', sizeBytes: 10, durationMs: 5, outcome: 'failed', message: 'The backup is damaged.' } });
    expect(FakeNotification.shown.map((n) => [n.title, n.body])).toEqual([
      ['Backup finished', 'wishlist-backup-2026-11-23T16-00-00.000Z.gz (12.3 MB) by Ann'],
      ['Restore finished', 'Restored from old.gz'],
      ['Restore failed', 'bad.gz by Ann: The backup is damaged.'],
    ]);
    FakeNotification.shown[0]!.click();
    expect(focused()).toBe(1);
  });
});
