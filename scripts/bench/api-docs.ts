// `bun run bench:api-docs`: how soon the API reference (/api/docs) shows its operations, and what
// script it costs, in Chromium (/usr/bin/chromium-headless-shell) at 1280 px, on a phone (390 px,
// 4x CPU slowdown) and on a phone on a poor network (bench:web's: also 150 ms RTT, 1.6 Mbps down). Starts the server from the sources on a fresh data dir (the built site:
// `bun run build:web` first) and loads the page BENCH_API_DOCS_RUNS times (default 3), each in a
// fresh browser context, measuring
//   - operations listed: navigation start until the first group of operations (its tag, folded as
//     the page starts) is in the DOM;
//   - script and main thread busy: the page's script time and all its main-thread work (CDP
//     Performance.getMetrics ScriptDuration and TaskDuration) once the main thread has been idle
//     for a second, which includes the work Swagger UI does after the operations are listed;
//   - open operation: a click on the first group, then on its first operation, until the
//     operation's responses (with the `{ message }` errors) show.
// Prints the medians beside their targets and exits 1 when one misses.
// BENCH_API_DOCS_COMPARE=1 then also resolves every operation and the components in the page both
// with the page's own resolver (web/src/api-docs/local-refs.ts) and with swagger-client's (ApiDOM),
// prints both times, and exits 1 unless every answer is the same (key order included).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { median } from './stats';
import { THROTTLING, throttle } from './web-measure';
import { startAndWait } from './wrk';

const root = join(import.meta.dir, '..', '..');
const PORT = Number(process.env.BENCH_API_DOCS_PORT ?? 3941);
const RUNS = Number(process.env.BENCH_API_DOCS_RUNS ?? 3);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';
const COMPARE = process.env.BENCH_API_DOCS_COMPARE === '1';

interface Setting {
  label: string;
  viewport: { width: number; height: number };
  cpuSlowdown: number;
  /** bench:web's throttling: its network (latency, bandwidth) and CPU slowdown. */
  poorNetwork?: boolean;
  /** Targets in ms: operations listed, script and main thread busy until idle, opening an operation. */
  targets: { listed: number; script: number; busy: number; openOperation: number };
}

const SETTINGS: Setting[] = [
  { label: 'desktop (1280 px)', viewport: { width: 1280, height: 900 }, cpuSlowdown: 1, targets: { listed: 1000, script: 500, busy: 800, openOperation: 250 } },
  { label: 'phone (390 px, 4x CPU)', viewport: { width: 390, height: 844 }, cpuSlowdown: 4, targets: { listed: 3000, script: 2000, busy: 3000, openOperation: 600 } },
  {
    label: 'phone on a poor network (390 px, 4x CPU, 150 ms RTT, 1.6 Mbps)',
    viewport: { width: 390, height: 844 },
    cpuSlowdown: THROTTLING.cpuSlowdown,
    poorNetwork: true,
    targets: { listed: 4000, script: 2000, busy: 3000, openOperation: 600 },
  },
];

interface Figures {
  listedMs: number;
  scriptMs: number;
  busyMs: number;
  openOperationMs: number;
}

// Runs in the page before its scripts: notes when the first group of operations enters the DOM.
const LISTED = `
new MutationObserver((_, observer) => {
  if (!document.querySelector('.opblock-tag')) return;
  window.__listedMs = performance.now();
  observer.disconnect();
}).observe(document, { childList: true, subtree: true });
`;

type Cdp = { send(method: 'Performance.getMetrics'): Promise<{ metrics: { name: string; value: number }[] }> };

/** The page's script time and main-thread busy time so far (ms). */
async function mainThread(cdp: Cdp): Promise<{ script: number; busy: number }> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  const ms = (name: string) => metrics.find((metric) => metric.name === name)!.value * 1000;
  return { script: ms('ScriptDuration'), busy: ms('TaskDuration') };
}

/** The main thread's times once it stays idle for a second (Swagger UI's work after its first paint included). */
async function untilIdle(cdp: Cdp): Promise<{ script: number; busy: number }> {
  let last = await mainThread(cdp);
  for (;;) {
    await Bun.sleep(1000);
    const now = await mainThread(cdp);
    if (now.busy - last.busy < 5) return now;
    last = now;
  }
}

async function measure(browser: Browser, url: string, setting: Setting): Promise<Figures> {
  const context = await browser.newContext({ viewport: setting.viewport });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  if (setting.poorNetwork) await throttle(cdp);
  else if (setting.cpuSlowdown > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: setting.cpuSlowdown });
  await page.addInitScript(LISTED);
  await page.goto(url);
  await page.waitForFunction(() => (window as { __listedMs?: number }).__listedMs !== undefined, null, { timeout: 120_000 });
  const listedMs = await page.evaluate(() => (window as unknown as { __listedMs: number }).__listedMs);
  const idle = await untilIdle(cdp);
  const openOperationMs = await openFirstOperation(page);
  await context.close();
  return { listedMs, scriptMs: idle.script, busyMs: idle.busy, openOperationMs };
}

/** A click on the first group, then on its first operation, until its responses show, `{ message }` errors included (timed in the page). */
async function openFirstOperation(page: Page): Promise<number> {
  const opened = page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const started = performance.now();
        const shown = () => document.querySelector('.opblock .responses-table .response[data-code="429"]');
        new MutationObserver((_, observer) => {
          if (!shown()) return;
          observer.disconnect();
          resolve(performance.now() - started);
        }).observe(document, { childList: true, subtree: true });
        (document.querySelector('.opblock-tag') as HTMLElement).click();
        new MutationObserver((_, observer) => {
          const summary = document.querySelector<HTMLElement>('.opblock .opblock-summary-control');
          if (!summary) return;
          observer.disconnect();
          summary.click();
        }).observe(document, { childList: true, subtree: true });
      }),
  );
  return opened;
}

interface Comparison {
  parts: number;
  different: string[];
  swaggerClientMs: number;
  pageMs: number;
}

// Runs in the page before its scripts: keeps the Swagger UI system the page starts as window.ui.
const KEEP_SYSTEM = `
let bundle;
Object.defineProperty(window, 'SwaggerUIBundle', {
  configurable: true,
  get: () => bundle && Object.assign((options) => (window.ui = bundle(options)), bundle),
  set: (value) => { bundle = value; },
});
`;

/** Every part Swagger UI resolves, resolved by the page's resolver and by swagger-client's own. */
async function compareResolvers(browser: Browser, url: string): Promise<Comparison> {
  const page = await browser.newPage();
  await page.addInitScript(KEEP_SYSTEM);
  await page.goto(url);
  await page.waitForFunction(() => (window as { ui?: unknown }).ui !== undefined);
  await page.waitForSelector('.opblock-tag');
  const comparison = await page.evaluate(async () => {
    type Resolve = (spec: unknown, path: string[], options: { baseDoc: string }) => Promise<unknown>;
    type System = { fn: { resolveSubtree: Resolve }; getConfigs(): unknown; specSelectors: { specJS(): { paths: Record<string, object> }; url(): string } };
    const ui = (window as unknown as { ui: System }).ui;
    const plugins = (window as unknown as { SwaggerUIBundle: { plugins: { SwaggerClient(system: unknown): { fn: { resolveSubtree: Resolve } } } } }).SwaggerUIBundle.plugins;
    const swaggerClient = plugins.SwaggerClient({ configs: {}, getConfigs: () => ui.getConfigs() }).fn.resolveSubtree;
    const spec = ui.specSelectors.specJS();
    const options = { baseDoc: ui.specSelectors.url() };
    const parts = [['components', 'securitySchemes'], ['components', 'responses'], ['components', 'schemas']];
    for (const [path, item] of Object.entries(spec.paths)) for (const method of Object.keys(item)) parts.push(['paths', path, method]);
    const result = { parts: parts.length, different: [] as string[], swaggerClientMs: 0, pageMs: 0 };
    for (const part of parts) {
      let started = performance.now();
      const expected = JSON.stringify(await swaggerClient(spec, part, options));
      result.swaggerClientMs += performance.now() - started;
      started = performance.now();
      const actual = JSON.stringify(await ui.fn.resolveSubtree(spec, part, options));
      result.pageMs += performance.now() - started;
      if (actual !== expected) result.different.push(part.join(' '));
    }
    return result;
  });
  await page.close();
  return comparison;
}

const dataDir = mkdtempSync(join(tmpdir(), 'wishwell-api-docs-bench-'));
const base = `http://127.0.0.1:${PORT}`;
const { proc: server } = await startAndWait(
  ['bun', join(root, 'server', 'src', 'main.ts'), 'serve', '--port', String(PORT), '--host', '127.0.0.1', '--data-dir', dataDir],
  `${base}/api/v1/health`,
);
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});

let missed = false;
try {
  await fetch(`${base}/api/docs/json`); // the document is built on its first request: not the page's cost
  for (const setting of SETTINGS) {
    const runs: Figures[] = [];
    for (let run = 0; run < RUNS; run++) runs.push(await measure(browser, `${base}/api/docs`, setting));
    console.log(`/api/docs, ${setting.label}, median of ${RUNS}:`);
    for (const [key, label] of [['listed', 'operations listed'], ['script', 'script until idle'], ['busy', 'main thread busy until idle'], ['openOperation', 'an operation opened']] as const) {
      const values = runs.map((figures) => figures[`${key}Ms`]);
      const value = median(values);
      const target = setting.targets[key];
      if (value > target) missed = true;
      console.log(`  ${label.padEnd(30)} ${value.toFixed(0).padStart(6)} ms  (target < ${target} ms; runs ${values.map((v) => v.toFixed(0)).join(', ')})${value > target ? '  MISSED' : ''}`);
    }
  }
  if (COMPARE) {
    const comparison = await compareResolvers(browser, `${base}/api/docs`);
    console.log(`resolving all ${comparison.parts} parts: swagger-client ${comparison.swaggerClientMs.toFixed(0)} ms, the page's resolver ${comparison.pageMs.toFixed(0)} ms`);
    if (comparison.different.length > 0) missed = true;
    console.log(comparison.different.length === 0 ? '  the same answers for every part' : `  DIFFERENT for ${comparison.different.join(', ')}`);
  }
} finally {
  await browser.close();
  server.kill('SIGTERM');
  await server.exited;
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(missed ? 1 : 0);
