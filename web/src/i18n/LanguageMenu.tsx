import { useTranslation } from './react';
import { isLanguage, LANGUAGES, type Language } from '@wishwell/shared/languages';
import { useSession } from '../session/SessionProvider';
import { saveAccountLanguage } from './account-language';
import { switchLanguage } from './language';

/**
 * The footer's language menu: each language named in itself; the choice is remembered for the
 * next visit, and on the account when signed in (it follows the account to every device).
 */
export function LanguageMenu() {
  const { t, i18n } = useTranslation();
  const { user, update } = useSession();
  const choose = (language: Language) => {
    void switchLanguage(i18n, language);
    if (user) saveAccountLanguage(language).then(update, (error: unknown) => console.error('Saving the language failed', error));
  };
  return (
    <select
      className="ww-language-menu"
      aria-label={t('layout.language')}
      value={i18n.language}
      onChange={(event) => {
        const language = event.currentTarget.value;
        if (isLanguage(language)) choose(language);
      }}
    >
      {Object.entries(LANGUAGES).map(([code, name]) => (
        <option key={code} value={code} lang={code}>
          {name}
        </option>
      ))}
    </select>
  );
}
