import { readdirSync } from 'node:fs';

/** A shop whose product page only its script fills in: the plain fetch finds no title, so a scrape renders it in Chromium. */
export function scriptOnlyShop() {
  return Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    fetch: () => new Response(`<html><body><script>document.body.innerHTML = '<h1>Script Only Lamp</h1>';</script></body></html>`, { headers: { 'content-type': 'text/html' } }),
  });
}
export const SCRIPT_ONLY_TITLE = 'Script Only Lamp';

/** The temporary browser profiles puppeteer made in `dir` (its temp dir) and has not removed. */
export const browserProfiles = (dir: string) => readdirSync(dir).filter((name) => name.startsWith('puppeteer_dev_chrome_profile-'));
