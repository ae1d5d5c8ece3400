/**
 * A page's colour scheme in its first HTML, outside what React renders: Blueprint's dark class on
 * <body> for a visitor who chose dark, else (no choice) the marker on <html> under which the CSS
 * follows the system's scheme; and the domain's colours in that scheme. Small, so the app shell
 * can wear it without loading the page renderer.
 */
import type { PublicDomainConfig } from '@wishwell/shared/api-types';
import type { ColorScheme } from '@wishwell/shared/color-scheme';
import { DARK_CLASS, SYSTEM_SCHEME_CLASS, themeStyleSheet } from '@wishwell/web/ssr';

/** Colours reach a <style> element: anything but colour syntax is dropped, so nothing can close it. */
const SAFE_CSS = /^[#@\w\s(),.%:;{}-]*$/;

/** `scheme`: the one the visitor chose, else null (the page follows the system's). */
export function withColorScheme(html: string, scheme: ColorScheme | null): string {
  return html
    .replace('<html ', scheme ? '<html ' : `<html class="${SYSTEM_SCHEME_CLASS}" `)
    .replace('<body>', scheme === 'dark' ? `<body class="${DARK_CLASS}">` : '<body>');
}

/** The domain's colours in the scheme as a <style> element for <head>. */
export function themeStyle(config: PublicDomainConfig, scheme: ColorScheme | null): string {
  const theme = themeStyleSheet(config, scheme);
  return SAFE_CSS.test(theme) ? `<style id="ww-theme">${theme}</style>` : '';
}
