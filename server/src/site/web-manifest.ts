/**
 * The web app manifest of a domain, so its site installs as an app under its own name, colours
 * and logo: /manifest.webmanifest, with icons generated from the domain's logo. Its share target
 * lets a phone's share sheet send a product link to /share-target (the add-item flow).
 */
import type { PublicDomainConfig } from '@wishwell/shared/api-types';
import { DEFAULT_BRANDING, PAGE_BACKGROUND } from '@wishwell/shared/constants';
import type { Site } from './site';

export const ICON_SIZES = [192, 512] as const;
export const ICON_PATH = /^\/icons\/(192|512)\.png$/;
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47];
const ICON_CACHE_CONTROL = 'public, max-age=86400';
export const SHARE_TARGET_PATH = '/share-target';
const SHORT_NAME_MAX = 12;

export function webManifest(config: PublicDomainConfig): Record<string, unknown> {
  return {
    id: '/',
    name: config.companyName,
    short_name: shortName(config.companyName),
    description: 'Create a wish list for any occasion and share it with one link.',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: config.primaryColor,
    background_color: PAGE_BACKGROUND,
    icons: ICON_SIZES.map((size) => ({ src: iconPath(size, config.logoUrl), sizes: `${size}x${size}`, type: 'image/png', purpose: 'any' })),
    share_target: { action: SHARE_TARGET_PATH, method: 'GET', params: { title: 'title', text: 'text', url: 'url' } },
  };
}

/** The icon of one size; the logo's address is part of it, so a new logo is a new icon for the browser's cache. */
export function iconPath(size: number, logoUrl: string): string {
  return `/icons/${size}.png?logo=${Bun.hash(logoUrl).toString(36)}`;
}

/** The name under an installed app's icon: the company name, cut at a word when too long. */
function shortName(name: string): string {
  if (name.length <= SHORT_NAME_MAX) return name;
  const cut = name.slice(0, SHORT_NAME_MAX + 1).lastIndexOf(' ');
  return name.slice(0, cut > 0 ? cut : SHORT_NAME_MAX).trim();
}

/** Serves /manifest.webmanifest and /icons/{size}.png for the domain a request came to. */
export class AppInstallFiles {
  /** Icons per logo and size: making one scales the logo pixel by pixel. */
  private readonly icons = new Map<string, Uint8Array<ArrayBuffer>>();

  constructor(private readonly site: Site) {}

  async respond(path: string, config: PublicDomainConfig, request: Request, headers: Record<string, string>): Promise<Response> {
    const size = ICON_PATH.exec(path)?.[1];
    if (!size) {
      const manifest = new TextEncoder().encode(JSON.stringify(webManifest(config)));
      return this.site.respondMade(manifest, 'webmanifest', 'no-cache', request, headers);
    }
    return this.site.respondMade(await this.icon(this.logoPng(config.logoUrl), Number(size)), 'png', ICON_CACHE_CONTROL, request, headers);
  }

  /**
   * The PNG the icons are made from: the domain's logo when it is a PNG of the built site, else
   * the default logo (a logo elsewhere, uploaded or on another site, is not fetched here).
   */
  private logoPng(logoUrl: string): { key: string; bytes: Uint8Array<ArrayBuffer> } {
    const own = this.site.bytes(logoUrl);
    if (own && PNG_SIGNATURE.every((byte, i) => own[i] === byte)) return { key: logoUrl, bytes: own };
    return { key: DEFAULT_BRANDING.logoUrl, bytes: this.site.bytes(DEFAULT_BRANDING.logoUrl)! };
  }

  private async icon(logo: { key: string; bytes: Uint8Array<ArrayBuffer> }, size: number): Promise<Uint8Array<ArrayBuffer>> {
    const key = `${logo.key}|${size}`;
    let icon = this.icons.get(key);
    if (!icon) {
      const { iconFromLogo } = await import('@wishwell/shared/logo-icon');
      icon = new Uint8Array(iconFromLogo(Buffer.from(logo.bytes), size));
      this.icons.set(key, icon);
    }
    return icon;
  }
}
