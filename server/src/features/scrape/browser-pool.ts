import { systemClock, type Clock, type Timer } from '../../clock';
import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import type { Browser, BrowserContext, HTTPRequest, HTTPResponse, Page } from 'puppeteer-core';
import { declaringUtf8 } from './charset';
import type { FilteringProxy } from './filtering-proxy';
import { siteOf } from './site-of';
import { FetchFailed } from './guarded-fetch';
import { checkScrapeUrl, type UrlPolicy } from './url-guard';
import { whenIdle } from '../../in-page/when-idle';

/** Flags that work on these machines (design brief), plus no automatic network chatter. */
const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
  // Pictures are never read from the rendered page: not requesting them at all spares a pause
  // of every <img> request for interception (a hundred or more on a shop page).
  '--blink-settings=imagesEnabled=false',
];
/** Never needed to read a product: pictures, fonts, media, styles (they hold scripts up), beacons. */
const NOT_LOADED = new Set(['image', 'font', 'media', 'stylesheet', 'ping', 'csp_violation_report', 'manifest', 'texttrack']);

/** Looked for on PATH in this order: the headless build first (it renders a page for about 40 % less CPU). */
const CHROMIUM_NAMES = ['chromium-headless-shell', 'chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable'];

/** CHROMIUM_PATH if set, else the first Chromium or Chrome on PATH (`searchPath`); null when there is none. */
export function findChromium(configured: string | null, searchPath = process.env.PATH ?? ''): string | null {
  if (configured) return existsSync(configured) ? configured : null;
  const dirs = searchPath.split(delimiter).filter(Boolean);
  for (const name of CHROMIUM_NAMES) {
    for (const dir of dirs) {
      if (existsSync(join(dir, name))) return join(dir, name);
    }
  }
  return null;
}

export interface RenderedPage {
  url: URL;
  status: number;
  contentType: string;
  html: string;
}

export interface BrowserPoolOptions {
  executablePath: string;
  policy: UrlPolicy;
  /** Pages rendered at once; more requests wait their turn. */
  maxPages?: number;
  /** The browser closes after this long without a scrape. */
  idleMs?: number;
  /** Times the idle close (default: the system's). */
  clock?: Clock;
  /** How long the document may take to be ready before what has loaded is read anyway (within the 15 s scrape). */
  navigationTimeoutMs?: number;
}

/**
 * One shared headless Chromium, started on first use and closed when idle, rendering at most
 * a few pages at once on a small pool of warm pages (one incognito context). Every request a page makes
 * is checked (interception) and goes through the filtering proxy; images, fonts, media,
 * downloads and service workers are off.
 */
export class BrowserPool {
  private browser: Promise<{ browser: Browser; context: BrowserContext; proxy: FilteringProxy }> | null = null;
  /** Fresh pages opened in the background for the next scrapes (at most maxPages). */
  private sparePages: Promise<Page | null>[] = [];
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  private idleTimer: Timer | null = null;
  /** The document each page is about to open, already fetched and decoded, waiting for its navigation request. */
  private readonly documents = new WeakMap<Page, { url: string; html: string }>();
  /** The site of the shop page each page renders: requests to other sites are not made. */
  private readonly sites = new WeakMap<Page, string>();

  constructor(private readonly options: BrowserPoolOptions) {}

  /** Whether the browser is up (it starts on first use and stops when idle). */
  get running(): boolean {
    return this.browser !== null;
  }

  /**
   * Renders the page at `url`. With `document` (the page's HTML, fetched and decoded by the
   * caller) Chromium is handed that text as UTF-8 instead of fetching it: the guarded fetch
   * got it, and Chromium's own guess of an undeclared charset is not trusted. Without it,
   * Chromium asks for the page itself through the checks every sub-request gets.
   */
  async render(url: URL, document: string | null, userAgent: string, signal: AbortSignal): Promise<RenderedPage> {
    await this.acquire();
    let page: Page | null = null;
    const onAbort = () => void page?.close().catch(() => undefined);
    signal.addEventListener('abort', onAbort, { once: true });
    try {
      page = await this.takePage();
      await page.setUserAgent({ userAgent });
      if (document !== null) this.documents.set(page, { url: withoutFragment(url), html: document });
      this.sites.set(page, siteOf(url.hostname));
      const requests = watchRequests(page);
      const response = await this.navigate(page, url);
      // Give the shop's scripts that fill in the price a moment, without waiting on endless polling.
      await requests.settled();
      return {
        url: new URL(page.url()),
        status: response.status(),
        contentType: response.headers()['content-type'] ?? 'text/html',
        html: await page.content(),
      };
    } catch (error) {
      if (signal.aborted) throw new FetchFailed('shopTooSlow');
      throw new FetchFailed('pageNotRendered', { detail: (error as Error).message.split('\n')[0]! });
    } finally {
      signal.removeEventListener('abort', onAbort);
      if (page) {
        this.documents.delete(page);
        this.sites.delete(page);
        this.returnPage(page);
      }
      this.release();
    }
  }

  /**
   * Runs `work` on a fresh blank page of the shared browser, within the pool's page limit; the
   * page loads nothing from the network (every request it makes is screened as a shop page's
   * would be, with no shop site allowed).
   */
  async onBlankPage<T>(work: (page: Page) => Promise<T>): Promise<T> {
    await this.acquire();
    let page: Page | null = null;
    try {
      page = await this.takePage();
      return await work(page);
    } finally {
      if (page) this.returnPage(page);
      this.release();
    }
  }

  /**
   * Opens the page and answers its document's response. A page whose slow scripts or trackers
   * hold up DOMContentLoaded is read as far as it got once its document has arrived.
   */
  private async navigate(page: Page, url: URL): Promise<HTTPResponse> {
    let documentResponse: HTTPResponse | null = null;
    const onResponse = (response: HTTPResponse) => {
      if (response.request().isNavigationRequest() && response.frame() === page.mainFrame()) documentResponse = response;
    };
    page.on('response', onResponse);
    try {
      const response = await page.goto(url.href, { waitUntil: 'domcontentloaded', timeout: this.options.navigationTimeoutMs ?? 8_000 }).catch((error: Error) => {
        if (error.name !== 'TimeoutError' || !documentResponse) throw error;
        return documentResponse;
      });
      if (!response) throw new Error('no document');
      return response;
    } finally {
      page.off('response', onResponse);
    }
  }

  async close(): Promise<void> {
    this.idleTimer?.cancel();
    this.idleTimer = null;
    const running = this.browser;
    this.browser = null;
    this.sparePages = [];
    if (!running) return;
    const { browser, proxy } = await running.catch(() => ({ browser: null, proxy: null }));
    await browser?.close().catch(() => undefined);
    proxy?.close();
  }

  private screen(page: Page, request: HTTPRequest): void {
    if (request.isInterceptResolutionHandled()) return;
    const url = request.url();
    const document = this.documents.get(page);
    if (document?.url === url && request.isNavigationRequest() && request.frame() === page.mainFrame()) {
      this.documents.delete(page);
      void request.respond({ status: 200, contentType: 'text/html; charset=utf-8', body: declaringUtf8(document.html) }).catch(() => undefined);
      return;
    }
    if (NOT_LOADED.has(request.resourceType()) || this.isOtherSite(page, request) || (!/^(data|blob|about):/.test(url) && !this.allowed(url))) {
      void request.abort('blockedbyclient').catch(() => undefined);
      return;
    }
    void request.continue().catch(() => undefined);
  }

  /** A spare page opened in the background, or a new one. */
  private async takePage(): Promise<Page> {
    const spare = await this.sparePages.shift();
    if (spare && !spare.isClosed()) return spare;
    return this.openPage();
  }

  /** A page with interception on and service workers off. */
  private async openPage(): Promise<Page> {
    const { context } = await this.start();
    const page = await context.newPage();
    await page.setBypassServiceWorker(true);
    await page.setRequestInterception(true);
    page.on('request', (request) => this.screen(page, request));
    return page;
  }

  /**
   * Closes a used page and opens a spare in the background: a fresh page is ready sooner than
   * a used one is blanked (unloading a shop page takes a few hundred milliseconds).
   */
  private returnPage(page: Page): void {
    if (!page.isClosed()) void page.close().catch(() => undefined);
    if (this.browser && this.sparePages.length < (this.options.maxPages ?? 3)) this.sparePages.push(this.openPage().catch(() => null));
  }

  /**
   * Requests to other sites than the shop's (trackers, ads, widgets, embedded frames) are not
   * made: they never carry the product, and without a network they hang the page's scripts.
   */
  private isOtherSite(page: Page, request: HTTPRequest): boolean {
    if (request.isNavigationRequest()) return request.frame() !== page.mainFrame();
    try {
      const { protocol, hostname } = new URL(request.url());
      return /^https?:$/.test(protocol) && siteOf(hostname) !== this.sites.get(page);
    } catch {
      return true;
    }
  }

  private allowed(url: string): boolean {
    try {
      checkScrapeUrl(url, this.options.policy);
      return true;
    } catch {
      return false;
    }
  }

  private start() {
    if (this.browser) return this.browser;
    const launch: NonNullable<BrowserPool['browser']> = (async () => {
      const { FilteringProxy } = await import('./filtering-proxy'); // node:http and node:net: not at start
      const proxy = new FilteringProxy(this.options.policy);
      const address = await proxy.listen();
      // Only this launch's own state is reset: a newer browser may already have replaced it.
      const forget = () => {
        if (this.browser !== launch) return;
        this.browser = null;
        this.sparePages = [];
      };
      try {
        // Loaded on first use: puppeteer is the heaviest module and most starts never need it.
        const { default: puppeteer } = await import('puppeteer-core');
        const browser = await puppeteer.launch({
          executablePath: this.options.executablePath,
          headless: true,
          // The server's own shutdown closes the browser after in-flight requests (puppeteer's
          // handlers would exit the process on SIGINT before the database is closed).
          handleSIGINT: false,
          handleSIGTERM: false,
          handleSIGHUP: false,
          // DevTools over a pipe, not a port: when the server dies (kill -9, out of memory) the pipe
          // closes and Chromium quits with it, instead of living on as an orphan holding memory.
          pipe: true,
          // Chromium sends loopback requests directly unless told otherwise: everything goes through the proxy.
          args: [...CHROMIUM_FLAGS, `--proxy-server=http://${address}`, '--proxy-bypass-list=<-loopback>'],
        });
        browser.on('disconnected', () => {
          forget();
          proxy.close();
        });
        const context = await browser.createBrowserContext({ downloadBehavior: { policy: 'deny' } });
        return { browser, context, proxy };
      } catch (error) {
        proxy.close();
        forget();
        throw new FetchFailed('browserNotStarted', { detail: (error as Error).message.split('\n')[0]! });
      }
    })();
    this.browser = launch;
    return launch;
  }

  private async acquire(): Promise<void> {
    this.idleTimer?.cancel();
    this.idleTimer = null;
    if (this.active >= (this.options.maxPages ?? 3)) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.active++;
  }

  private release(): void {
    this.active--;
    this.waiting.shift()?.();
    if (this.active === 0 && this.waiting.length === 0) {
      this.idleTimer = (this.options.clock ?? systemClock).after(this.options.idleMs ?? 60_000, () => this.close());
    }
  }
}

/** Requests that can bring the product into the page: its scripts and their data calls. */
const CONTENT_REQUESTS = new Set(['document', 'script', 'xhr', 'fetch']);
const SETTLE_LIMIT_MS = 1_000;
/** How long the page's main thread may stay busy before the idle signal comes anyway. */
const IDLE_TIMEOUT_MS = 200;


/**
 * Watches the page's own scripts and data calls from before navigation; `settled()`, called
 * once the document is in, resolves as soon as none is in flight and the page's main thread is
 * idle (their results handled, no new call started meanwhile), or after a second whatever they
 * do. (puppeteer's waitForNetworkIdle also counts beacons and requests refused by interception,
 * so on shop pages it always waited its full timeout; a fixed quiet period cost every page.)
 */
function watchRequests(page: Page): { settled: () => Promise<void> } {
  const inFlight = new Set<HTTPRequest>();
  let started = 0;
  let check = () => {};
  const onRequest = (request: HTTPRequest) => {
    if (!CONTENT_REQUESTS.has(request.resourceType())) return;
    inFlight.add(request);
    started++;
  };
  const onEnd = (request: HTTPRequest) => {
    if (inFlight.delete(request)) check();
  };
  page.on('request', onRequest).on('requestfinished', onEnd).on('requestfailed', onEnd);
  const settled = () =>
    new Promise<void>((resolve) => {
      let finished = false;
      let waitingForIdle = false;
      const done = () => {
        if (finished) return;
        finished = true;
        clearTimeout(limit);
        page.off('request', onRequest).off('requestfinished', onEnd).off('requestfailed', onEnd);
        resolve();
      };
      const limit = setTimeout(done, SETTLE_LIMIT_MS);
      check = () => {
        if (finished || waitingForIdle || inFlight.size > 0) return;
        waitingForIdle = true;
        const startedBefore = started;
        page.evaluate(whenIdle, IDLE_TIMEOUT_MS).then(
          () => {
            waitingForIdle = false;
            if (started === startedBefore && inFlight.size === 0) done();
            else check();
          },
          done,
        );
      };
      check();
    });
  return { settled };
}

/** The URL as Chromium asks for it: a #fragment never reaches the network. */
function withoutFragment(url: URL): string {
  const bare = new URL(url);
  bare.hash = '';
  return bare.href;
}
