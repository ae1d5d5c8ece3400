import { brandPalette } from '@wishwell/shared/brand-colors';
import { DEFAULT_BRANDING, PAGE_BACKGROUND } from '@wishwell/shared/constants';
import type { PublicDomainConfig } from '@wishwell/shared/api-types';
import type { ColorScheme } from './color-scheme';

/** The dark theme's page background (Blueprint's dark gray 1). */
export const PAGE_BACKGROUND_DARK = '#1c2127';
/**
 * The surface brand-coloured text must read on in each scheme: the one closest to it in lightness
 * (light: the sunken grey, darker than the page; dark: the raised card, lighter than the page).
 */
const HARDEST_SURFACE = { light: '#eef0f2', dark: '#2f343c' } as const;

/**
 * The domain's colours as CSS variables on the root element: ours (--ww-*) and Blueprint's primary
 * intent, so dialog buttons, the pager, the slider and switches wear the brand. Text colours are
 * chosen for contrast (WCAG AA).
 */
export function themeVariables(config: PublicDomainConfig, scheme: ColorScheme): Record<string, string> {
  const background = scheme === 'dark' ? PAGE_BACKGROUND_DARK : PAGE_BACKGROUND;
  const palette = brandPalette(config.primaryColor || DEFAULT_BRANDING.primaryColor, config.secondaryColor || DEFAULT_BRANDING.secondaryColor, HARDEST_SURFACE[scheme]);
  return {
    '--ww-background': background,
    '--ww-primary': palette.primary,
    '--ww-on-primary': palette.onPrimary,
    '--ww-primary-text': palette.primaryOnPage,
    '--ww-secondary': palette.accent,
    '--ww-on-secondary': palette.onAccent,
    '--ww-secondary-text': palette.accentOnPage,
    '--bp-intent-primary-rest': palette.accent,
    '--bp-intent-primary-hover': palette.accentHover,
    '--bp-intent-primary-active': palette.accentActive,
    '--bp-intent-primary-disabled': palette.accent,
    '--bp-intent-primary-foreground': palette.onAccent,
    '--bp-emphasis-focus-color': palette.accentOnPage,
  };
}

/**
 * On <html> of a server-rendered page for a visitor who chose no scheme: its CSS follows the
 * system's (`prefers-color-scheme`) until the page applies the scheme itself and drops the class.
 */
export const SYSTEM_SCHEME_CLASS = 'ww-system-scheme';
/** Blueprint's dark theme, on <body>. */
export const DARK_CLASS = 'bp6-dark';
export const SYSTEM_DARK_MEDIA = '@media (prefers-color-scheme:dark)';

function rootRule(selector: string, config: PublicDomainConfig, scheme: ColorScheme): string {
  const declarations = Object.entries(themeVariables(config, scheme)).map(([name, value]) => `${name}:${value}`);
  return `${selector}{${declarations.join(';')};color-scheme:${scheme}}`;
}

/**
 * The theme as a style sheet, for the first HTML of a server-rendered page: the chosen scheme, or
 * (null) light with the dark one for a dark system. `html:root` outranks Blueprint's own `:root`
 * tokens, which arrive later with its full style sheet.
 */
export function themeStyleSheet(config: PublicDomainConfig, chosen: ColorScheme | null): string {
  if (chosen) return rootRule('html:root', config, chosen);
  return `${rootRule('html:root', config, 'light')}${SYSTEM_DARK_MEDIA}{${rootRule(`html.${SYSTEM_SCHEME_CLASS}:root`, config, 'dark')}}`;
}

/** Applies the theme to the page; the dark scheme is Blueprint's dark theme on <body>. */
export function applyTheme(config: PublicDomainConfig, scheme: ColorScheme): void {
  const root = document.documentElement;
  for (const [name, value] of Object.entries(themeVariables(config, scheme))) root.style.setProperty(name, value);
  root.style.colorScheme = scheme;
  root.classList.remove(SYSTEM_SCHEME_CLASS);
  document.body.classList.toggle(DARK_CLASS, scheme === 'dark');
}
