/**
 * Brand colours made readable (WCAG 2.x): the text colour on a brand fill is chosen by contrast,
 * and a brand colour used as text or lines on the page is shaded until it reaches AA (4.5:1).
 */

export const AA_TEXT = 4.5;
export const LIGHT_TEXT = '#ffffff';
export const DARK_TEXT = '#111418';

type Rgb = [number, number, number];

/** "#e84393", "#fff" or "e84393" -> [232, 67, 147]; null when it is not a hex colour. */
export function parseHex(color: string): Rgb | null {
  const hex = color.trim().replace(/^#/, '');
  const full = /^[0-9a-f]{3}$/i.test(hex) ? [...hex].map((c) => c + c).join('') : hex;
  if (!/^[0-9a-f]{6}$/i.test(full)) return null;
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as Rgb;
}

const toHex = (rgb: Rgb) => '#' + rgb.map((c) => Math.round(Math.min(255, Math.max(0, c))).toString(16).padStart(2, '0')).join('');

/** Relative luminance (WCAG): 0 for black, 1 for white. */
export function luminance(color: string): number {
  const rgb = parseHex(color) ?? [0, 0, 0];
  const [r, g, b] = rgb.map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The WCAG contrast ratio of two colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** White or near-black, whichever reads better on `background`. */
export function readableTextOn(background: string): string {
  return contrastRatio(LIGHT_TEXT, background) >= contrastRatio(DARK_TEXT, background) ? LIGHT_TEXT : DARK_TEXT;
}

/** `color` mixed towards `target` by `amount` (0..1). */
function mix(color: Rgb, target: Rgb, amount: number): Rgb {
  return color.map((c, i) => c + (target[i]! - c) * amount) as Rgb;
}

/**
 * `color` as close to itself as it can stay while reaching `ratio` against `background`: darkened
 * on light backgrounds, lightened on dark ones (in 5% steps).
 */
export function shadeForContrast(color: string, background: string, ratio = AA_TEXT): string {
  const rgb = parseHex(color);
  if (!rgb) return readableTextOn(background);
  const target: Rgb = luminance(background) > 0.18 ? [0, 0, 0] : [255, 255, 255];
  for (let step = 0; step <= 20; step++) {
    const candidate = toHex(mix(rgb, target, step / 20));
    if (contrastRatio(candidate, background) >= ratio) return candidate;
  }
  return toHex(target);
}

/** A darker (amount > 0) or lighter (amount < 0) shade, for hover and pressed states. */
export function shade(color: string, amount: number): string {
  const rgb = parseHex(color);
  if (!rgb) return color;
  return toHex(amount >= 0 ? mix(rgb, [0, 0, 0], amount) : mix(rgb, [255, 255, 255], -amount));
}

/**
 * A fill and its text, both AA: the text colour that reads better, and when neither reaches 4.5:1
 * (mid-tones such as #777) the fill shaded the least way that makes one of them reach it.
 */
export function readablePair(fill: string): { fill: string; text: string } {
  const text = readableTextOn(fill);
  if (contrastRatio(text, fill) >= AA_TEXT) return { fill, text };
  const darker = shadeForContrast(fill, LIGHT_TEXT);
  const lighter = shadeForContrast(fill, DARK_TEXT);
  const distance = (other: string) => Math.abs(luminance(other) - luminance(fill));
  return distance(darker) <= distance(lighter) ? { fill: darker, text: LIGHT_TEXT } : { fill: lighter, text: DARK_TEXT };
}

export interface BrandPalette {
  /** The top bar's fill and its text. */
  primary: string;
  onPrimary: string;
  /** The accent: buttons, the pager, the slider, switches; and its text. */
  accent: string;
  onAccent: string;
  accentHover: string;
  accentActive: string;
  /** The accent where it is text or a thin line on the page background (AA against it). */
  accentOnPage: string;
  /** The primary colour as headline text on the page background (AA against it). */
  primaryOnPage: string;
}

/** Everything the pages need from a domain's two colours, readable on `pageBackground`. */
export function brandPalette(primary: string, accent: string, pageBackground: string): BrandPalette {
  const top = readablePair(primary);
  const button = readablePair(accent);
  // Hover and pressed move away from the text colour, so they stay readable.
  const away = button.text === LIGHT_TEXT ? 1 : -1;
  return {
    primary: top.fill,
    onPrimary: top.text,
    accent: button.fill,
    onAccent: button.text,
    accentHover: shade(button.fill, 0.1 * away),
    accentActive: shade(button.fill, 0.2 * away),
    accentOnPage: shadeForContrast(accent, pageBackground),
    primaryOnPage: shadeForContrast(primary, pageBackground),
  };
}
