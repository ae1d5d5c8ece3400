/**
 * A shared list's link-preview image: its theme's cover with the list's name and the domain's
 * brand (name, colours, logo) drawn over it, 1200x630 PNG. Drawn in the headless browser the
 * scraper already runs (fonts and text layout are a browser's: any script, emoji, long names
 * wrapped and clamped), once per look of the list: the image's key is made of everything drawn,
 * so a change of name, cover or branding makes a new one and anything else (items, claims) none.
 * Kept in memory, a bounded number at a time. Without Chromium the theme's plain cover serves.
 */
import { readablePair } from '@wishwell/shared/brand-colors';
import type { PublicDomainConfig } from '@wishwell/shared/api-types';
import type { OnBlankPage } from '../features/item-images/shrink';
import { logEvent } from '../log';
import { keptOrMade } from './kept-or-made';
import { COVER_PREVIEW_SIZE, escapeHtml } from './share-preview';

/** What a preview image shows: a change to any of it draws a new one. */
export interface PreviewCard {
  name: string;
  coverImage: string;
  brand: Pick<PublicDomainConfig, 'companyName' | 'logoUrl' | 'primaryColor' | 'secondaryColor'>;
}

export class PreviewImages {
  private readonly images = new Map<string, Promise<Uint8Array<ArrayBuffer>>>();

  /** `siteBytes` reads a file of the built site (the theme covers, the default logo). */
  constructor(
    private readonly onBlankPage: OnBlankPage,
    private readonly siteBytes: (urlPath: string) => Uint8Array<ArrayBuffer> | undefined,
  ) {}

  /** The key of a card's image: its URL names it, so crawlers fetch a new one after a change. */
  static keyOf(card: PreviewCard): string {
    return Bun.hash(JSON.stringify(card)).toString(36);
  }

  /** The card's image, drawn once (kept as pages are: at most MAX_KEPT_PAGES, a few MB). */
  image(card: PreviewCard): Promise<Uint8Array<ArrayBuffer>> {
    const key = PreviewImages.keyOf(card);
    return keptOrMade(this.images, key, () => this.draw(card, key));
  }

  private async draw(card: PreviewCard, key: string): Promise<Uint8Array<ArrayBuffer>> {
    const html = this.cardHtml(card);
    const png = await this.onBlankPage(async (page) => {
      await page.setViewport({ ...COVER_PREVIEW_SIZE, deviceScaleFactor: 1 });
      await page.setContent(html, { waitUntil: 'load' });
      return page.screenshot({ type: 'png', clip: { x: 0, y: 0, ...COVER_PREVIEW_SIZE } });
    });
    logEvent({ event: 'preview.rendered', key });
    return new Uint8Array(png);
  }

  private cardHtml({ name, coverImage, brand }: PreviewCard): string {
    const band = readablePair(brand.primaryColor);
    const { width, height } = COVER_PREVIEW_SIZE;
    return `<!doctype html><html><head><meta charset="utf-8"><style>
body { margin: 0; width: ${width}px; height: ${height}px; overflow: hidden; position: relative; background: ${escapeHtml(brand.secondaryColor)};
  font-family: system-ui, 'Noto Sans', 'Noto Sans CJK JP', 'IPAPGothic', 'Noto Color Emoji', sans-serif; }
.cover, .cover svg { position: absolute; inset: 0; width: ${width}px; height: ${height}px; }
.band { position: absolute; inset-inline: 0; bottom: 0; height: 250px; box-sizing: border-box; padding: 28px 64px; display: flex; flex-direction: column;
  justify-content: center; gap: 16px; background: ${escapeHtml(band.fill)}; color: ${escapeHtml(band.text)}; border-top: 12px solid ${escapeHtml(brand.secondaryColor)}; }
.name { font-size: 60px; font-weight: 700; line-height: 1.15; overflow-wrap: anywhere; word-break: auto-phrase;
  display: -webkit-box; -webkit-box-orient: vertical; -webkit-line-clamp: 2; overflow: hidden; }
.brand { display: flex; align-items: center; gap: 16px; font-size: 30px; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.brand img { height: 48px; max-width: 240px; object-fit: contain; }
</style></head><body>
<div class="cover">${this.coverSvg(coverImage)}</div>
<div class="band"><div class="name">${escapeHtml(name)}</div><div class="brand">${this.logoImg(brand.logoUrl) || `<span>${escapeHtml(brand.companyName)}</span>`}</div></div>
</body></html>`;
  }

  /** A theme's cover, inline and cropped to fill (as the share page's banner); an uploaded one is left out. */
  private coverSvg(coverImage: string): string {
    const svg = /^\/covers\/[a-z0-9-]+\.svg$/.test(coverImage) ? this.siteBytes(coverImage) : undefined;
    if (!svg) return '';
    return new TextDecoder().decode(svg).replace('<svg ', '<svg preserveAspectRatio="xMidYMid slice" ');
  }

  /** The logo when it is a file of the site (the page loads nothing from the network), else '' (the company's name stands for it). */
  private logoImg(logoUrl: string): string {
    const bytes = logoUrl.startsWith('/') ? this.siteBytes(logoUrl) : undefined;
    const type = logoUrl.endsWith('.svg') ? 'image/svg+xml' : logoUrl.endsWith('.png') ? 'image/png' : null;
    if (!bytes || !type) return '';
    return `<img alt="" src="data:${type};base64,${Buffer.from(bytes).toString('base64')}">`;
  }
}
