/**
 * Link previews for shared lists: WhatsApp, iMessage and Slack read OpenGraph/Twitter tags from
 * the HTML the server sends (their bots run no script), so the server-rendered /share/wishlist/{id}
 * carries the list's name, cover and item count in its <head> (see pages.ts).
 */
import type { TFunction } from '@wishwell/web/ssr';
import type { SharedWishlist } from '@wishwell/shared/wishlist-types';

export interface SharePreview {
  title: string;
  description: string;
  /** Absolute URLs: bots do not resolve relative ones. */
  image: string;
  url: string;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** The PNG renditions of the theme covers (web/public/previews, drawn by scripts/cover-previews.ts). */
export const COVER_PREVIEW_SIZE = { width: 1200, height: 630 };

/** A theme's SVG cover as its PNG rendition (link previews show no SVG); an uploaded cover as it is. */
export function previewImageOf(coverImage: string): string {
  const theme = /^\/covers\/([a-z0-9-]+)\.svg$/.exec(coverImage)?.[1];
  return theme ? `/previews/${theme}.png` : coverImage;
}

/**
 * What a preview shows for a list, in the reader's language (`t`): its name and owner, how many
 * gifts are still wanted, and `imagePath` (its preview image, else its cover's: previewImageOf).
 */
export function sharePreviewOf(view: SharedWishlist, pageUrl: URL, t: TFunction, imagePath: string): SharePreview {
  const count = view.items.length;
  const name = view.user?.name;
  const title = name ? t('share.tabTitle', { list: view.name, name }) : view.name;
  const description = name
    ? count > 0 ? t('preview.ownerStillWanted', { count, name }) : t('preview.seeOwner', { name })
    : count > 0 ? t('preview.stillWanted', { count }) : t('preview.see');
  return {
    title,
    description,
    image: new URL(imagePath, pageUrl).href,
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
