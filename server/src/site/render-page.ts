/**
 * Turns the app shell into a server-rendered page: the React markup of the path inside #root, the
 * data it was rendered from beside it (hydration starts from the same data), and in <head> the
 * page's title and tags, the domain's colours, the critical CSS of the markup inline and the
 * theme colour, so the first paint needs no style sheet download and already wears the domain's
 * branding in the visitor's colour scheme (the one chosen, else the system's through CSS). The
 * full style sheets load after the content; a tiny inline script keeps button taps made before
 * hydration (web/src/ssr/early-taps-script.ts). Loaded on the first rendered page.
 */
import type { ColorScheme } from '@wishwell/shared/color-scheme';
import { DARK_CLASS, EARLY_TAPS_SCRIPT, SYSTEM_DARK_MEDIA, SYSTEM_SCHEME_CLASS, type BootData } from '@wishwell/web/ssr';
import { bootDataScript, renderAppHtml } from '@wishwell/web/ssr/render';
import { themeStyle, withColorScheme } from './color-scheme-markup';
import { classesIn, CriticalCss, type StandIn } from './critical-css';
import { escapeHtml, withHeadTags } from './share-preview';

const STYLESHEET_LINK = /<link rel="stylesheet" href="([^"]+)">\s*/g;
/** Classes added before the full sheets arrive: the dark scheme on <body>, the service worker's offline notice. */
const CLIENT_CLASSES = [DARK_CLASS, 'ww-offline', 'ww-offline-notice'];
/** With no scheme chosen, the dark theme's rules also apply on a dark system until the page takes over. */
const SYSTEM_DARK: StandIn = { className: DARK_CLASS, media: SYSTEM_DARK_MEDIA, selector: `:is(.${SYSTEM_SCHEME_CLASS} body)` };

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

  /** `scheme`: the one the visitor chose, else null (the page follows the system's). */
  async render(path: string, boot: BootData, headTags: string, scheme: ColorScheme | null): Promise<string> {
    const appHtml = await renderAppHtml(path, boot);
    const config = boot.domainConfig;
    const critical = this.css.for(new Set([...classesIn(appHtml), ...CLIENT_CLASSES]), scheme ? undefined : SYSTEM_DARK);
    const styles = `<style id="ww-critical">${critical}</style>${themeStyle(config, scheme)}`;
    const titled = headTags ? withHeadTags(this.shell, headTags) : this.shell.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(config.companyName)}</title>`);
    return withColorScheme(titled, scheme)
      .replace('lang="en">', `lang="${boot.language}">`)
      .replace(/<meta name="theme-color" content="[^"]*">/, `<meta name="theme-color" content="${escapeHtml(config.primaryColor)}">`)
      .replace('</head>', `${styles}<script>${EARLY_TAPS_SCRIPT}</script></head>`)
      .replace('<div id="root"></div>', `<div id="root">${appHtml}</div>${bootDataScript(boot)}`);
  }
}
