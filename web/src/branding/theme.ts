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
 * chosen for contrast (WCAG AA); the dark scheme is Blueprint's dark theme on <body>.
 */
export function applyTheme(config: PublicDomainConfig, scheme: ColorScheme): void {
  const background = scheme === 'dark' ? PAGE_BACKGROUND_DARK : PAGE_BACKGROUND;
  const palette = brandPalette(config.primaryColor || DEFAULT_BRANDING.primaryColor, config.secondaryColor || DEFAULT_BRANDING.secondaryColor, HARDEST_SURFACE[scheme]);
  const variables: Record<string, string> = {
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
  const root = document.documentElement;
  for (const [name, value] of Object.entries(variables)) root.style.setProperty(name, value);
  root.style.colorScheme = scheme;
  document.body.classList.toggle('bp6-dark', scheme === 'dark');
}
