/**
 * Link previews for shared lists: WhatsApp, iMessage and Slack read OpenGraph/Twitter tags from
 * the HTML the server sends (their bots run no script), so /share/wishlist/{id} gets the app
 * shell with the list's name, cover and item count in its <head>. One page per list is kept,
 * keyed by the share view's ETag, so it is rebuilt only when the list changes.
 */
import type { SharedWishlist } from '@wishwell/shared/wishlist-types';
import type { DomainConfigService } from '../features/domain-configs/service';
import type { WishlistService } from '../features/wishlists/service';
import type { Site } from './site';

export interface SharePreview {
  title: string;
  description: string;
  /** Absolute URLs: bots do not resolve relative ones. */
  image: string;
  url: string;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** What a preview shows for a list: its name and owner, how many gifts are still wanted, its cover. */
export function sharePreviewOf(view: SharedWishlist, pageUrl: URL): SharePreview {
  const count = view.items.length;
  const gifts = count === 1 ? '1 gift' : `${count} gifts`;
  const title = view.user ? `${view.name} – ${view.user.name}'s wishlist` : view.name;
  const whose = view.user ? `${view.user.name}'s wish list` : 'this wish list';
  return {
    title,
    description: count > 0 ? `${gifts} still wanted on ${whose}. Mark what you buy so nobody buys it twice.` : `See ${whose}.`,
    image: new URL(view.coverImage, pageUrl).href,
    url: pageUrl.href,
  };
}

/** The <head> tags of a preview (title, description, OpenGraph, Twitter card), escaped. */
export function previewHeadTags(preview: SharePreview, siteName: string): string {
  const meta = (attribute: 'property' | 'name', key: string, value: string) => `<meta ${attribute}="${key}" content="${escapeHtml(value)}">`;
  return [
    `<title>${escapeHtml(preview.title)}</title>`,
    meta('name', 'description', preview.description),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', siteName),
    meta('property', 'og:title', preview.title),
    meta('property', 'og:description', preview.description),
    meta('property', 'og:image', preview.image),
    meta('property', 'og:url', preview.url),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', preview.title),
    meta('name', 'twitter:description', preview.description),
    meta('name', 'twitter:image', preview.image),
  ].join('');
}

/** The app shell with `headTags` in place of its own title and description. */
export function withHeadTags(shell: string, headTags: string): string {
  return shell
    .replace(/<title>[^<]*<\/title>/, '')
    .replace(/<meta name="description"[^>]*>/, '')
    .replace('</head>', `${headTags}</head>`);
}

interface CachedPreview {
  /** The share view's ETag and the origin it was made for: a change of either rebuilds the page. */
  key: string;
  html: string;
}

const MAX_ENTRIES = 1000;

export interface SharePreviewSources {
  site: Site;
  lists: Pick<WishlistService, 'sharedView'>;
  domainConfigs: Pick<DomainConfigService, 'publicConfig'>;
}

/** Serves /share/wishlist/{id} as the app shell with the list's preview tags (kept per list). */
export class SharePreviewPages {
  private readonly entries = new Map<string, CachedPreview>();

  constructor(private readonly sources: SharePreviewSources) {}

  async respond(listId: string, origin: string, request: Request, headers: Record<string, string>): Promise<Response> {
    const { site } = this.sources;
    const view = await this.sources.lists.sharedView(listId).catch(() => null);
    // A list guests cannot open gets the plain shell: the page itself says it was not found.
    if (!view) return site.respondHtml(site.shellHtml(), request, headers);
    const key = `${view.etag}|${origin}`;
    const cached = this.entries.get(listId);
    let html = cached?.key === key ? cached.html : null;
    if (html === null) {
      html = await this.build(JSON.parse(new TextDecoder().decode(view.body)) as SharedWishlist, new URL(`/share/wishlist/${listId}`, origin));
      this.remember(listId, key, html);
    }
    return site.respondHtml(html, request, headers);
  }

  private async build(view: SharedWishlist, pageUrl: URL): Promise<string> {
    const config = await this.sources.domainConfigs.publicConfig(pageUrl.hostname);
    return withHeadTags(this.sources.site.shellHtml(), previewHeadTags(sharePreviewOf(view, pageUrl), config.companyName));
  }

  private remember(listId: string, key: string, html: string): void {
    this.entries.delete(listId);
    this.entries.set(listId, { key, html });
    if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
  }
}
