import { FormGroup, HTMLSelect } from '@blueprintjs/core';
import { useTranslation } from '../../i18n/react';
import { isLanguage, LANGUAGES, type Language } from '@wishwell/shared/languages';

const BROWSER = '';

/** My Account's language: one of LANGUAGES (each named in itself), or null for the browser's. */
export function LanguageField({ value, onChange }: { value: Language | null; onChange(language: Language | null): void }) {
  const { t } = useTranslation();
  return (
    <FormGroup label={t('accountLanguage.label')} labelFor="language" helperText={t('accountLanguage.help')}>
      <HTMLSelect
        id="language"
        name="language"
        large
        fill
        value={value ?? BROWSER}
        onChange={(event) => {
          const chosen = event.currentTarget.value;
          onChange(isLanguage(chosen) ? chosen : null);
        }}
      >
        <option value={BROWSER}>{t('accountLanguage.browser')}</option>
        {Object.entries(LANGUAGES).map(([code, name]) => (
          <option key={code} value={code} lang={code}>
            {name}
          </option>
        ))}
      </HTMLSelect>
    </FormGroup>
  );
}
