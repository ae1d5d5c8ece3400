// One page load in Chromium on an emulated phone and a poor network, measured the way Lighthouse's
// lab metrics are: LCP and CLS (session windows) from PerformanceObserver, Total Blocking Time from
// long tasks after First Contentful Paint, bytes on the wire from the DevTools protocol.
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { traceLongTasks } from './web-trace';

export const PHONE = { width: 390, height: 844 };
/** Chrome DevTools' throttling of a slow phone on a poor mobile network. */
export const THROTTLING = { cpuSlowdown: 4, rttMs: 150, downloadBitsPerSecond: 1_600_000, uploadBitsPerSecond: 750_000 };

export interface PageFigures {
  lcpMs: number;
  /** What painted last as the largest element (tag.classes), to tell what the LCP waits for. */
  lcpElement: string;
  cls: number;
  tbtMs: number;
  /** Everything the page downloaded until the network went quiet (encoded bytes, headers included). */
  transferBytes: number;
  /** The JavaScript among it (as sent: gzip or brotli). */
  scriptBytes: number;
  scriptUrls: string[];
  consoleProblems: string[];
  /** With `trace`: the long tasks after first paint and what they were made of (web-trace.ts). */
  longTasks?: string[];
}

// Runs in the page before any of its scripts: collects the entries as they happen.
const OBSERVERS = `
(() => {
  const perf = (window.__benchPerf = { lcp: 0, lcpElement: '', fcp: 0, shifts: [], longTasks: [] });
  const describe = (el) => (el ? el.tagName.toLowerCase() + (el.className && typeof el.className === 'string' ? '.' + el.className.trim().replace(/ +/g, '.') : '') : 'none');
  const observe = (type, onEntry) => new PerformanceObserver((list) => list.getEntries().forEach(onEntry)).observe({ type, buffered: true });
  observe('largest-contentful-paint', (e) => { perf.lcp = e.startTime; perf.lcpElement = describe(e.element); });
  observe('paint', (e) => { if (e.name === 'first-contentful-paint') perf.fcp = e.startTime; });
  observe('layout-shift', (e) => { if (!e.hadRecentInput) perf.shifts.push({ t: e.startTime, v: e.value }); });
  observe('longtask', (e) => { perf.longTasks.push({ start: e.startTime, duration: e.duration }); });
})();
`;

interface RawPerf {
  lcp: number;
  lcpElement: string;
  fcp: number;
  shifts: { t: number; v: number }[];
  longTasks: { start: number; duration: number }[];
}

/** CLS as Chrome reports it: the largest session window (shifts < 1 s apart, window at most 5 s). */
export function cumulativeLayoutShift(shifts: { t: number; v: number }[]): number {
  let best = 0;
  let windowSum = 0;
  let windowStart = -Infinity;
  let previous = -Infinity;
  for (const shift of shifts) {
    if (shift.t - previous > 1000 || shift.t - windowStart > 5000) {
      windowSum = 0;
      windowStart = shift.t;
    }
    windowSum += shift.v;
    previous = shift.t;
    best = Math.max(best, windowSum);
  }
  return best;
}

/** Blocking time of long tasks after FCP: each task's time beyond 50 ms. */
export function totalBlockingTime(longTasks: { start: number; duration: number }[], fcp: number): number {
  return longTasks.reduce((sum, task) => {
    const end = task.start + task.duration;
    const counted = end - Math.max(task.start, fcp);
    return counted > 50 ? sum + counted - 50 : sum;
  }, 0);
}

export async function phoneContext(browser: Browser, offline = false): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: PHONE, deviceScaleFactor: 3, isMobile: true, hasTouch: true });
  if (offline) await context.setOffline(true);
  return context;
}

/** A slow phone on a poor mobile network (THROTTLING), through the DevTools protocol. */
export async function throttle(cdp: CDPSession): Promise<void> {
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: THROTTLING.rttMs,
    downloadThroughput: THROTTLING.downloadBitsPerSecond / 8,
    uploadThroughput: THROTTLING.uploadBitsPerSecond / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLING.cpuSlowdown });
}

/** Counts bytes per request and tells when no request has been open for `quietMs`. */
function watchNetwork(cdp: CDPSession) {
  const open = new Set<string>();
  const types = new Map<string, { type: string; url: string }>();
  const totals = { transfer: 0, script: 0, scriptUrls: [] as string[] };
  let lastActivity = performance.now();
  cdp.on('Network.requestWillBeSent', (e) => {
    open.add(e.requestId);
    types.set(e.requestId, { type: e.type ?? 'Other', url: e.request.url });
    lastActivity = performance.now();
  });
  const finish = (requestId: string, bytes: number) => {
    if (!open.delete(requestId)) return;
    totals.transfer += bytes;
    const request = types.get(requestId);
    if (request?.type === 'Script') {
      totals.script += bytes;
      totals.scriptUrls.push(new URL(request.url).pathname);
    }
    lastActivity = performance.now();
  };
  cdp.on('Network.loadingFinished', (e) => finish(e.requestId, e.encodedDataLength));
  cdp.on('Network.loadingFailed', (e) => finish(e.requestId, 0));
  return {
    totals,
    async quiet(quietMs: number, limitMs = 30_000): Promise<void> {
      const started = performance.now();
      while (open.size > 0 || performance.now() - lastActivity < quietMs) {
        if (performance.now() - started > limitMs) throw new Error(`the network never went quiet (${open.size} requests open)`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
}

/** Console errors and warnings, and uncaught errors, of a page. */
export function collectConsoleProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

/**
 * Loads `url` in a new page of `context` under phone throttling and measures it; `trace` also
 * records a performance trace and lists its long tasks (tracing adds a little to every figure).
 */
export async function measurePageLoad(context: BrowserContext, url: string, { trace = false } = {}): Promise<PageFigures> {
  const page = await context.newPage();
  const consoleProblems = collectConsoleProblems(page);
  await page.addInitScript(OBSERVERS);
  const cdp = await context.newCDPSession(page);
  await throttle(cdp);
  const network = watchNetwork(cdp);
  const load = async () => {
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    await network.quiet(1500);
  };
  let longTasks: string[] | undefined;
  if (trace) longTasks = await traceLongTasks(context.browser()!, page, load);
  else await load();
  const perf = (await page.evaluate('window.__benchPerf')) as RawPerf;
  await page.close();
  return {
    lcpMs: perf.lcp,
    lcpElement: perf.lcpElement,
    cls: cumulativeLayoutShift(perf.shifts),
    tbtMs: totalBlockingTime(perf.longTasks, perf.fcp),
    transferBytes: network.totals.transfer,
    scriptBytes: network.totals.script,
    scriptUrls: network.totals.scriptUrls,
    consoleProblems,
    longTasks,
  };
}
