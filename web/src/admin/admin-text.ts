import { useCallback, useEffect, useState } from 'react';
import type { Language } from '@wishwell/shared/languages';
import type { I18n, TOptions } from '../i18n/i18n';
import { useTranslation } from '../i18n/react';
import { formatCount } from '@wishwell/shared/price-format';
import { CATALOGUES as ADMIN_CATALOGUES } from './admin-catalogues';

export { ADMIN_CATALOGUES };

/** The group the admin texts join the app's catalogue as: `t('admin.users.title')`. */
const GROUP = 'admin';

/** Adds the admin texts of `language`, and English's underneath, to the app's catalogues. */
async function joinAdminTexts(i18n: I18n, language: Language): Promise<void> {
  for (const code of new Set<Language>(['en', language])) {
    if (!i18n.hasGroup(code, GROUP)) i18n.addGroup(code, GROUP, await ADMIN_CATALOGUES[code]());
  }
}

/**
 * True once the admin texts of the app's current language are in: the console shows a spinner
 * before (no flash of English), and loads them again when the language changes.
 */
export function useAdminTexts(): boolean {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const [, setJoined] = useState<Language | null>(null);
  useEffect(() => {
    if (!i18n.hasGroup(language, GROUP)) void joinAdminTexts(i18n, language).then(() => setJoined(language));
  }, [i18n, language]);
  return i18n.hasGroup(language, GROUP) && i18n.hasGroup('en', GROUP);
}

/** The admin console's `t`: keys of the admin catalogue ("users.title"), plurals by `count`. */
export type AdminText = (key: string, values?: TOptions) => string;

export function useAdminText(): AdminText {
  const { t } = useTranslation();
  return useCallback((key: string, values?: TOptions) => t(`${GROUP}.${key}`, values), [t]);
}

/** Writes a count the way the admin's language does ("1,234" in English, "1.234" in German). */
export type AdminNumber = (value: number) => string;

export function useAdminNumber(): AdminNumber {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useCallback((value: number) => formatCount(value, language), [language]);
}
