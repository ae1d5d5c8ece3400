/**
 * Turns the app shell into a server-rendered page: the React markup of the path inside #root, the
 * data it was rendered from beside it (hydration starts from the same data), and in <head> the
 * page's title and tags, the domain's colours, the critical CSS of the markup inline and the
 * theme colour, so the first paint needs no style sheet download and already wears the domain's
 * branding. The full style sheets load after the content. Loaded on the first rendered page.
 */
import { bootDataScript, type BootData } from '../../../web/src/app/boot-data';
import { themeStyleSheet } from '../../../web/src/branding/theme';
import { renderAppHtml } from '../../../web/src/ssr/render';
import { classesIn, CriticalCss } from './critical-css';
import { escapeHtml, withHeadTags } from './share-preview';

/** Colours reach a <style> element: anything but colour syntax is dropped, so nothing can close it. */
const SAFE_CSS = /^[#\w\s(),.%:;{}-]*$/;
const STYLESHEET_LINK = /<link rel="stylesheet" href="([^"]+)">\s*/g;
/** Classes added before the full sheets arrive: the dark scheme on <body>, the service worker's offline notice. */
const CLIENT_CLASSES = ['bp6-dark', 'ww-offline', 'ww-offline-notice'];

export class PageRenderer {
  private readonly css: CriticalCss;
  /** The shell with its style sheets moved to the end of <body>. */
  private readonly shell: string;

  /** `readText` reads a file of the built site (the style sheets the shell links). */
  constructor(shell: string, readText: (urlPath: string) => string) {
    const sheets = [...shell.matchAll(STYLESHEET_LINK)];
    this.css = CriticalCss.parse(sheets.map((link) => readText(link[1]!)).join('\n'));
    const links = sheets.map((link) => link[0].trim()).join('');
    this.shell = shell.replace(STYLESHEET_LINK, '').replace('</body>', `${links}</body>`);
  }

  async render(path: string, boot: BootData, headTags: string): Promise<string> {
    const appHtml = await renderAppHtml(path, boot);
    const config = boot.domainConfig;
    const theme = themeStyleSheet(config);
    const critical = this.css.for(new Set([...classesIn(appHtml), ...CLIENT_CLASSES]));
    const styles = `<style id="ww-critical">${critical}</style>${SAFE_CSS.test(theme) ? `<style id="ww-theme">${theme}</style>` : ''}`;
    const titled = headTags ? withHeadTags(this.shell, headTags) : this.shell.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(config.companyName)}</title>`);
    return titled
      .replace('<html lang="en">', `<html lang="${boot.language}">`)
      .replace(/<meta name="theme-color" content="[^"]*">/, `<meta name="theme-color" content="${escapeHtml(config.primaryColor)}">`)
      .replace('</head>', `${styles}</head>`)
      .replace('<div id="root"></div>', `<div id="root">${appHtml}</div>${bootDataScript(boot)}`);
  }
}
