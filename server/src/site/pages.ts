/**
 * Every page the site answers passes through SitePages.respond: the landing page and shared lists
 * are rendered on the server (React, the same components as in the browser) with the domain's
 * colours, the data the page needs embedded for hydration, and for shared lists the link-preview
 * tags; every other path gets the app shell or its file. One place, so page-level concerns (such
 * as logging page views) have one hook.
 */
import type { PublicDomainConfig } from '@wishwell/shared/api-types';
import { requestColorScheme, type ColorScheme } from '@wishwell/shared/color-scheme';
import { requestLanguage, type Language } from '@wishwell/shared/languages';
import type { SharedWishlist } from '@wishwell/shared/wishlist-types';
import { OFFLINE_NOTICE_META, type BootData, type TFunction } from '@wishwell/web/ssr';
import type { DomainConfigService } from '../features/domain-configs/service';
import type { Caller } from '../features/wishlists/access';
import type { RenderedShareView } from '../features/wishlists/share-cache';
import type { WishlistService } from '../features/wishlists/service';
import { DomainError } from '../domain/errors';
import { logEvent } from '../log';
import { hostnameOf, type MailLinks } from '../mail/link-origin';
import { keptOrMade } from './kept-or-made';
import { themeStyle, withColorScheme } from './color-scheme-markup';
import { escapeHtml, previewHeadTags, previewImageOf, sharePreviewOf } from './share-preview';
import { PreviewImages, type PreviewCard } from './preview-image';
import type { PageRenderer } from './render-page';
import type { Site, SiteAsset } from './site';
import { AppInstallFiles, ICON_PATH } from './web-manifest';

export interface SitePagesSources {
  site: Site;
  lists: Pick<WishlistService, 'sharedView'>;
  domainConfigs: Pick<DomainConfigService, 'publicConfig'>;
  /** Whose host a page's absolute links may name (the request's when it is ours, as in mails). */
  links: Pick<MailLinks, 'origin' | 'fallbackOrigin'>;
  /** The port the server listens on (a request's own origin names it, or none). */
  listeningPort: () => number | undefined;
  /** The site's default language now (the admin console's settings). */
  defaultLanguage: () => Language;
  /** Link-preview images with the list's name and brand; null without Chromium (the theme's cover serves). */
  previews: PreviewImages | null;
  /** Whether mail can be sent now (SMTP set): the share page offers following by mail only then. */
  canSendMail: () => Promise<boolean>;
}


const SHARE_PATH = /^\/share\/wishlist\/([^/]+)$/;
const PREVIEW_PATH = /^\/share\/wishlist\/([^/]+)\/preview\.png$/;
/** A preview image's URL names its look (?v=): each URL's image never changes, but a stale one still answers the current image. */
const PREVIEW_CACHE = 'public, max-age=86400';

/** Who is asking for a page, resolved only when it matters (a share page during surprise mode). */
export type ShareViewCaller = () => Promise<Caller | null>;

/** What SitePages answers: a file of the site, or a page (HTML for a visitor to read: a page view). */
export interface SiteAnswer {
  response: Response;
  page: boolean;
}

/** What a rendered page depends on besides its path and data: who it is for and how they read it. */
interface PageReader {
  /** Where its absolute links point: the request's origin when it is ours, else PUBLIC_URL's (see pageOrigin). */
  origin: string;
  language: Language;
  /** The site's default language (the admin console's), for the browser to fall back on as the server did. */
  defaultLanguage: Language;
  /** The scheme chosen (cookie), else null: the page follows the system's. */
  scheme: ColorScheme | null;
}

const MISSING = Symbol('missing');

/** A rendered share view's answer, read once: its pages and its preview image both need it. */
const views = new WeakMap<RenderedShareView, SharedWishlist>();
function viewOf(rendered: RenderedShareView): SharedWishlist {
  let view = views.get(rendered);
  if (!view) views.set(rendered, (view = JSON.parse(new TextDecoder().decode(rendered.body)) as SharedWishlist));
  return view;
}

export class SitePages {
  /** Loaded on the first rendered page, so start-up does not evaluate React's server renderer. */
  private renderer: Promise<PageRenderer> | null = null;
  /** Per domain config (branding): the landing page changes only with it. */
  private readonly landingPages = new Map<string, Promise<SiteAsset>>();
  /**
   * Rendered share pages live exactly as long as the share view they show: the share view cache
   * drops a view on every change (on every replica), and its pages go with it.
   */
  private readonly sharePages = new WeakMap<RenderedShareView, Map<string, Promise<SiteAsset>>>();
  /** The app shell per domain branding and scheme, so client-rendered pages open in it too. */
  private readonly shells = new Map<string, Promise<SiteAsset>>();

  private readonly appFiles: AppInstallFiles;

  constructor(private readonly sources: SitePagesSources) {
    this.appFiles = new AppInstallFiles(sources.site);
  }

  /** The answer for a GET of any non-API path: a page, a file of the built site, or null (no such file). */
  async respond(path: string, origin: string, request: Request, headers: Record<string, string>, caller: ShareViewCaller): Promise<SiteAnswer | null> {
    const { site } = this.sources;
    const previewOf = PREVIEW_PATH.exec(path)?.[1];
    if (previewOf) return this.previewImage(decodeURIComponent(previewOf), origin, request, headers, caller);
    if (!this.isPage(path)) {
      const file = site.has(path) ? site.respond(path, request, headers) : isAppFile(path) ? await this.appFiles.respond(path, await this.configFor(origin), request, headers) : null;
      return file && { response: file, page: false };
    }
    const cookies = request.headers.get('cookie');
    const defaultLanguage = this.sources.defaultLanguage();
    const reader = {
      origin: await this.pageOrigin(origin),
      language: requestLanguage(cookies, request.headers.get('accept-language'), defaultLanguage),
      defaultLanguage,
      scheme: requestColorScheme(cookies),
    };
    const page = await this.renderedPage(path, reader, caller).catch((error: unknown) => {
      logEvent({ event: 'page.render_failed', level: 'error', path, error: error instanceof Error ? error.message : String(error) });
      return null;
    });
    const asset = page === MISSING ? null : page;
    // A list guests cannot open is a 404 (no soft one for crawlers); the shell's page says it was not found.
    const status = page === MISSING ? 404 : 200;
    return { response: site.respondPage(asset ?? (await this.shell(reader).catch(() => null)), request, headers, status), page: true };
  }

  /** Paths that are no file (of the built site, the domain's manifest or icons, or any with a file's extension) are pages. */
  private isPage(path: string): boolean {
    return !this.sources.site.has(path) && !isAppFile(path) && !/\.[a-z0-9]+$/i.test(path);
  }

  /** The app shell in the reader's scheme and the domain's colours (a spinner until the page renders in the browser). */
  private async shell(reader: PageReader): Promise<SiteAsset> {
    const config = await this.configFor(reader.origin);
    return keptOrMade(this.shells, `${brandingKey(config)}|${reader.scheme ?? 'system'}`, async () => {
      const html = withColorScheme(this.sources.site.shellHtml(), reader.scheme).replace('</head>', `${themeStyle(config, reader.scheme)}</head>`);
      return this.sources.site.preparePage(html);
    });
  }

  /** The server-rendered page of a path, or null where the app shell serves (client-rendered pages), MISSING for a list guests cannot open. */
  private async renderedPage(path: string, reader: PageReader, caller: ShareViewCaller): Promise<SiteAsset | null | typeof MISSING> {
    if (path === '/') return this.landingPage(reader);
    const shareId = SHARE_PATH.exec(path)?.[1];
    return shareId ? this.sharePage(decodeURIComponent(shareId), reader, caller) : null;
  }

  private async landingPage(reader: PageReader): Promise<SiteAsset> {
    const config = await this.configFor(reader.origin);
    return keptOrMade(this.landingPages, readerKey(reader, config), () => this.render('/', { domainConfig: config, language: reader.language, defaultLanguage: reader.defaultLanguage }, '', reader.scheme));
  }

  /** A list guests cannot open gets the plain shell (MISSING): the page itself says it was not found. */
  private async sharePage(listId: string, reader: PageReader, caller: ShareViewCaller): Promise<SiteAsset | null | typeof MISSING> {
    const rendered = await this.sources.lists.sharedView(listId, caller).catch((error: unknown) => (error instanceof DomainError && error.kind === 'not-found' ? MISSING : null));
    if (!rendered || rendered === MISSING) return rendered;
    const config = await this.configFor(reader.origin);
    // Rendered as the browser will show it (the follow box or none): no shift once it hydrates.
    const canSendMail = await this.sources.canSendMail();
    const pages = this.sharePages.get(rendered) ?? new Map<string, Promise<SiteAsset>>();
    this.sharePages.set(rendered, pages);
    return keptOrMade(pages, `${reader.origin}|${readerKey(reader, config)}|${canSendMail}`, () => this.renderSharePage(listId, rendered, reader, config, canSendMail));
  }

  private async renderSharePage(listId: string, rendered: RenderedShareView, reader: PageReader, config: PublicDomainConfig, canSendMail: boolean): Promise<SiteAsset> {
    const { origin, language } = reader;
    const view = viewOf(rendered);
    const path = `/share/wishlist/${encodeURIComponent(listId)}`;
    // The cover banner is the largest thing painted: fetch it first.
    const coverPreload = `<link rel="preload" as="image" href="${escapeHtml(view.coverImage)}" fetchpriority="high">`;
    const i18n = (await import('@wishwell/web/ssr/render')).serverI18n(language);
    const t = i18n.t.bind(i18n);
    const image = this.sources.previews ? `${path}/preview.png?v=${PreviewImages.keyOf(previewCardOf(view, config))}` : previewImageOf(view.coverImage);
    const preview = previewHeadTags(sharePreviewOf(view, new URL(path, origin), t, image), config.companyName) + offlineNoticeTag(t) + coverPreload;
    return this.render(path, { domainConfig: config, language, defaultLanguage: reader.defaultLanguage, sharedList: { id: listId, view }, canSendMail }, preview, reader.scheme);
  }

  /** A shared list's link-preview image (its name and the domain's brand), or null (404) for a list guests cannot open. */
  private async previewImage(listId: string, origin: string, request: Request, headers: Record<string, string>, caller: ShareViewCaller): Promise<SiteAnswer | null> {
    const { previews, lists, site } = this.sources;
    const rendered = previews && (await lists.sharedView(listId, caller).catch(() => null));
    if (!previews || !rendered) return null;
    const view = viewOf(rendered);
    const png = await previews.image(previewCardOf(view, await this.configFor(await this.pageOrigin(origin))));
    return { response: site.respondMade(png, 'png', PREVIEW_CACHE, request, headers), page: false };
  }

  /**
   * The origin a page's links name, and so one of its pages' keys: the Host header is the
   * client's to write, and keyed by it as sent, every new one rendered the page anew (a share
   * page 668 -> 131 req/s). Ours (a domain config's host, this machine's) keep their own,
   * normalised (case, default port), on a port of ours (none, the one listened on, PUBLIC_URL's);
   * any other gets PUBLIC_URL's. So there are a few per domain config, whatever clients send.
   */
  private async pageOrigin(requestOrigin: string): Promise<string> {
    const { links, listeningPort } = this.sources;
    const origin = new URL(await links.origin(requestOrigin));
    const fallback = new URL(await links.fallbackOrigin());
    const portOfOurs = origin.port === '' || origin.port === fallback.port || origin.port === String(listeningPort());
    return (portOfOurs ? origin : fallback).origin;
  }

  private configFor(origin: string): Promise<PublicDomainConfig> {
    return this.sources.domainConfigs.publicConfig(hostnameOf(origin));
  }

  private async render(path: string, boot: BootData, headTags: string, scheme: ColorScheme | null): Promise<SiteAsset> {
    const { site } = this.sources;
    this.renderer ??= import('./render-page').then(({ PageRenderer }) => new PageRenderer(site.shellHtml(), (urlPath) => site.text(urlPath)));
    // Each page made is a React render and its compression: the log shows how often that happens.
    logEvent({ event: 'page.rendered', path, domain: boot.domainConfig.hostname });
    return site.preparePage(await (await this.renderer).render(path, boot, headTags, scheme));
  }
}

function previewCardOf(view: SharedWishlist, config: PublicDomainConfig): PreviewCard {
  const { companyName, logoUrl, primaryColor, secondaryColor } = config;
  return { name: view.name, coverImage: view.coverImage, brand: { companyName, logoUrl, primaryColor, secondaryColor } };
}

/** The notice the service worker shows over this page's copy offline, in the page's language. */
function offlineNoticeTag(t: TFunction): string {
  return `<meta name="${OFFLINE_NOTICE_META}" content="${escapeHtml(t('share.offlineNotice'))}">`;
}

/** The files made per domain (web-manifest.ts). */
function isAppFile(path: string): boolean {
  return path === '/manifest.webmanifest' || ICON_PATH.test(path);
}

/** Everything of a domain config that shows on a page: a change renders the page again. */
function brandingKey(config: PublicDomainConfig): string {
  return Bun.hash(JSON.stringify(config)).toString(36);
}

/** One rendered page per branding, language and scheme (and, for pages with absolute links, origin). */
function readerKey(reader: PageReader, config: PublicDomainConfig): string {
  return `${brandingKey(config)}|${reader.language}|${reader.defaultLanguage}|${reader.scheme ?? 'system'}`;
}
