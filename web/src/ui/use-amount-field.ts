import { useTranslation } from '../i18n/react';
import { amountForInput, readAmount } from '@wishwell/shared/money-input';

export interface AmountField {
  /** The amount in minor units, or null while the text is not one. */
  minor: number | null;
  /** What is wrong with the text, in the viewer's language (none while it is empty). */
  problem?: string;
  /** 'For example 10 or 12.50', with the language's decimal separator. */
  help: string;
}

/** An amount field's text read the way the viewer's language writes numbers ('12,50' in German). */
export function useAmountField(text: string): AmountField {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const example = amountForInput(1250, locale);
  const help = t('pledge.amountHelp', { example });
  const reading = readAmount(text, locale);
  if ('minor' in reading) return { minor: reading.minor, help };
  if (!text.trim()) return { minor: null, help };
  if (reading.problem === 'invalid') return { minor: null, help, problem: t('pledge.amountInvalid', { example }) };
  const plain = (value: number) => new Intl.NumberFormat(locale, { useGrouping: false, maximumFractionDigits: 2 }).format(value);
  return { minor: null, help, problem: t('pledge.amountAmbiguous', { amount: text.trim(), whole: plain(reading.whole), decimal: plain(reading.decimal) }) };
}
