import { useEffect } from 'react';
import { useTranslation } from './react';
import type { SessionProfile } from '@wishwell/shared/api-types';
import type { LanguageInput } from '@wishwell/shared/account-types';
import { api } from '../api/client';
import { switchLanguage } from './language';

/**
 * Signed in with a language chosen on the account: the app speaks it, whatever this browser
 * chose before (and remembers it here, so server-rendered pages come in it too).
 */
export function useAccountLanguage(user: SessionProfile | null): void {
  const { i18n } = useTranslation();
  const language = user?.language;
  useEffect(() => {
    if (language && language !== i18n.language) void switchLanguage(i18n, language);
  }, [language, i18n]);
}

/** Stores the footer menu's choice on the signed-in account; answers the updated profile. */
export function saveAccountLanguage(language: LanguageInput['language']): Promise<SessionProfile> {
  return api.put('/users/profile/language', { body: { language } satisfies LanguageInput });
}
