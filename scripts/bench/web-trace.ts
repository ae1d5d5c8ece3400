// What the long tasks of a page load were made of, read from a Chromium performance trace
// (`bun run bench:web` with BENCH_WEB_TRACE=1): each task over 50 ms that ends after First
// Contentful Paint, with the work directly inside it grouped (script by file, style recalculation,
// layout, paint, style sheet parsing), so a Total Blocking Time figure says where it comes from.
import type { Browser, Page } from 'playwright-core';

/** The trace categories the summary reads (the DevTools timeline's, without the JS sampler's overhead). */
const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'loading', 'blink.user_timing'];

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string; data?: { url?: string; documentLoaderURL?: string } };
}

/** Records a trace of `load` on `page` and answers its long tasks, one line each. */
export async function traceLongTasks(browser: Browser, page: Page, load: () => Promise<void>): Promise<string[]> {
  await browser.startTracing(page, { categories: CATEGORIES });
  await load();
  const trace = await browser.stopTracing();
  return longTasks(JSON.parse(trace.toString()).traceEvents as TraceEvent[]);
}

const KINDS: Record<string, string> = {
  UpdateLayoutTree: 'style recalc',
  Layout: 'layout',
  Paint: 'paint',
  PrePaint: 'paint',
  Layerize: 'paint',
  Commit: 'paint',
  PaintImage: 'paint',
  ParseAuthorStyleSheet: 'style sheet parse',
  ParseHTML: 'HTML parse',
  'v8.evaluateModule': 'script (module evaluation)',
  RunMicrotasks: 'script (microtasks)',
};

function kindOf(event: TraceEvent): string {
  const url = event.args?.data?.url;
  if (url) return `script ${url.split('/').at(-1)}`;
  return KINDS[event.name] ?? event.name;
}

export function longTasks(events: TraceEvent[]): string[] {
  // The page's renderer: the one that started the navigation to the page (not about:blank's).
  const start = events.find((e) => e.name === 'navigationStart' && e.args?.data?.documentLoaderURL?.startsWith('http'));
  const main = start && events.find((e) => e.ph === 'M' && e.name === 'thread_name' && e.pid === start.pid && e.args?.name === 'CrRendererMain');
  const fcp = start && events.find((e) => e.name === 'firstContentfulPaint' && e.pid === start.pid);
  if (!start || !main || !fcp) return ['(the trace holds no navigation or first paint)'];
  const onMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.dur !== undefined);
  const ms = (ts: number) => (ts - start.ts) / 1000;
  const tasks = onMain.filter((e) => e.name === 'RunTask' && e.dur! > 50_000 && e.ts + e.dur! > fcp.ts);
  const lines = [`first contentful paint at ${ms(fcp.ts).toFixed(0)} ms`];
  for (const task of tasks) {
    const end = task.ts + task.dur!;
    const blocking = Math.max(0, (end - Math.max(task.ts, fcp.ts)) / 1000 - 50);
    const parts = new Map<string, number>();
    // Only the work directly inside the task (nested events are part of their parent's time).
    let coveredUntil = task.ts;
    const inside = onMain.filter((e) => e !== task && e.ts >= task.ts && e.ts + e.dur! <= end).sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
    for (const event of inside) {
      if (event.ts < coveredUntil) continue;
      coveredUntil = event.ts + event.dur!;
      parts.set(kindOf(event), (parts.get(kindOf(event)) ?? 0) + event.dur! / 1000);
    }
    const attributed = [...parts.values()].reduce((sum, time) => sum + time, 0);
    parts.set('other (untraced)', task.dur! / 1000 - attributed);
    const made = [...parts].filter(([, time]) => time >= 1).sort((a, b) => b[1] - a[1]);
    lines.push(
      `${ms(task.ts).toFixed(0).padStart(6)} ms  ${(task.dur! / 1000).toFixed(0).padStart(4)} ms, blocking ${blocking.toFixed(0).padStart(3)}: ` +
        made.map(([kind, time]) => `${kind} ${time.toFixed(0)}`).join(', '),
    );
  }
  return lines;
}
