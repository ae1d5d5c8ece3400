import { useTranslation } from 'react-i18next';

const MARK = '\u0001';

/**
 * A sentence with one value in bold, e.g. 'Bought <strong>Lego</strong>? …': the catalogue writes
 * `{{title}}` where the value goes, so each language places it, and the value stays plain text
 * (never parsed as markup).
 */
export function Emphasised({ i18nKey, title }: { i18nKey: string; title: string }) {
  const { t } = useTranslation();
  const [before, after = ''] = t(i18nKey, { title: MARK }).split(MARK);
  return (
    <>
      {before}
      <strong>{title}</strong>
      {after}
    </>
  );
}
