import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openSqliteStore } from '../../src/db/sqlite-store';
import { Scheduler } from '../../src/scheduler';
import { ManualClock } from '../support/manual-clock';

const dir = mkdtempSync(join(tmpdir(), 'wishwell-scheduler-'));
const store = openSqliteStore(join(dir, 'wishwell.db'));
afterAll(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('Scheduler on a clock the test moves', () => {
  it('runs a job first after its delay, then every interval, each turn finished when advance() resolves; stop() ends the turns', async () => {
    const clock = new ManualClock();
    const scheduler = new Scheduler(store, clock);
    const turns: number[] = [];
    const started = clock.now();
    let finished = 0;
    scheduler.every('count', 60_000, async () => {
      turns.push(clock.now() - started);
      await Bun.sleep(5); // work that takes a moment: advance() waits for it
      finished += 1;
    }, 1000);
    await clock.advance(500); // (the clock runs on with real time too: margins of its milliseconds)
    expect(turns).toEqual([]);
    await clock.advance(600);
    expect([turns.length, finished]).toEqual([1, 1]);
    await clock.advance(2 * 60_000);
    expect([turns.length, finished]).toEqual([3, 3]);
    // An interval apart, give or take the real milliseconds the clock runs on while a turn starts.
    expect(Math.abs(turns[1]! - turns[0]! - 60_000)).toBeLessThan(50);
    scheduler.stop();
    await clock.advance(10 * 60_000);
    expect(turns).toHaveLength(3);
  });

  it('runs a queue worker on its turns until it finds no work, and runNow() runs a job at once', async () => {
    const clock = new ManualClock();
    const scheduler = new Scheduler(store, clock);
    let queued = 3;
    const taken: number[] = [];
    scheduler.worker('queue', 30_000, async () => {
      if (queued === 0) return 0;
      taken.push(queued--);
      return 1;
    }, 2000);
    let reveals = 0;
    scheduler.every('reveal', 60_000, async () => void reveals++);
    await clock.advance(1500);
    expect(taken).toEqual([]);
    await clock.advance(600);
    expect(taken).toEqual([3, 2, 1]);
    await scheduler.runNow('reveal');
    expect(reveals).toBe(1);
    scheduler.stop();
  });
});
