import { cloneElement, createContext, useContext, useSyncExternalStore, type ReactElement, type ReactNode } from 'react';
import type { I18n, TFunction, TOptions } from './i18n';

const I18nContext = createContext<I18n | null>(null);

/** Gives the app its texts (the browser's instance, or the server renderer's for the page's language). */
export function I18nProvider({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  return <I18nContext.Provider value={i18n}>{children}</I18nContext.Provider>;
}

/** The current language's `t` and the instance (its `language`, for formats); re-renders when the language changes. */
export function useTranslation(): { t: TFunction; i18n: I18n } {
  const i18n = useContext(I18nContext);
  if (!i18n) throw new Error('useTranslation needs an I18nProvider above it');
  const language = () => i18n.language;
  useSyncExternalStore(i18n.subscribe, language, language);
  return { t: i18n.t, i18n };
}

const TAGGED = /<(\w+)>([^<]*)<\/\1>/g;

/**
 * A text with elements in it, written as tags in the catalogue ('<signup>Sign Up</signup> to keep
 * it'): each tag becomes its element from `components`, the tag's text its children.
 */
export function Trans({ i18nKey, components, values }: { i18nKey: string; components: Record<string, ReactElement>; values?: TOptions }) {
  const { t } = useTranslation();
  const text = t(i18nKey, values);
  const nodes: ReactNode[] = [];
  let end = 0;
  for (const match of text.matchAll(TAGGED)) {
    const [whole, name, inner] = match as unknown as [string, string, string];
    nodes.push(text.slice(end, match.index));
    const component = components[name];
    nodes.push(component ? cloneElement(component, { key: match.index }, inner) : whole);
    end = match.index + whole.length;
  }
  nodes.push(text.slice(end));
  return <>{nodes}</>;
}
