import { useTranslation } from 'react-i18next';
import { isLanguage, LANGUAGES } from '@wishwell/shared/languages';
import { switchLanguage } from './language';

/** The footer's language menu: each language named in itself; the choice is remembered for the next visit. */
export function LanguageMenu() {
  const { t, i18n } = useTranslation();
  return (
    <select
      className="ww-language-menu"
      aria-label={t('layout.language')}
      value={i18n.language}
      onChange={(event) => {
        const language = event.currentTarget.value;
        if (isLanguage(language)) void switchLanguage(i18n, language);
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
