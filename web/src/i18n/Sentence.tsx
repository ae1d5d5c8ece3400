import { Fragment, type ReactNode } from 'react';
import { useTranslation } from './react';

const MARK = '\u0001';

/**
 * A sentence with elements in it, e.g. 'You reserved <strong>Lego</strong> on <a>Birthday</a>.': the
 * catalogue writes `{{item}}` where each part goes, so each language places them, and the values
 * stay plain text (never parsed as markup). `values` fill the sentence's other placeholders.
 */
export function Sentence({ i18nKey, parts, values = {} }: { i18nKey: string; parts: Record<string, ReactNode>; values?: Record<string, string | number> }) {
  const { t } = useTranslation();
  const names = Object.keys(parts);
  const marks = Object.fromEntries(names.map((name, index) => [name, `${MARK}${index}${MARK}`]));
  const pieces = t(i18nKey, { ...values, ...marks }).split(MARK);
  return (
    <>
      {pieces.map((piece, index) => (index % 2 === 0 ? piece : <Fragment key={index}>{parts[names[Number(piece)]!]}</Fragment>))}
    </>
  );
}

/** A sentence with one value in bold, e.g. 'Bought <strong>Lego</strong>? …' (the catalogue writes `{{title}}`). */
export function Emphasised({ i18nKey, title }: { i18nKey: string; title: string }) {
  return <Sentence i18nKey={i18nKey} parts={{ title: <strong>{title}</strong> }} />;
}
