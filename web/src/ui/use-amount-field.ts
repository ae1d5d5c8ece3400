import { useTranslation } from '../i18n/react';
import { amountForInput, amountForReading, readAmount, type AmountRules } from '@wishwell/shared/money-input';

export interface AmountField {
  /** The amount in minor units, or null while the text is not one. */
  minor: number | null;
  /** What is wrong with the text, in the viewer's language (none while it is empty). */
  problem?: string;
  /** 'For example 10 or 12.50', with the language's decimal separator. */
  help: string;
}

interface AmountFieldOptions extends AmountRules {
  /** The field sets an item's price, whose currency the owner may change: a sign of another currency says so. */
  currencyChangeable?: boolean;
}

/**
 * An amount field's text read the way the viewer's language writes numbers ('12,50' in German), in
 * `currency` when given ('£5' for pounds); the refusals are the server's for the same text.
 */
export function useAmountField(text: string, options: AmountFieldOptions = {}): AmountField {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const example = amountForInput(1250, locale);
  const help = t('pledge.amountHelp', { example });
  const reading = readAmount(text, locale, options);
  if ('minor' in reading) return { minor: reading.minor, help };
  if (!text.trim()) return { minor: null, help };
  const refused = (problem: string) => ({ minor: null, help, problem });
  switch (reading.problem) {
    case 'invalid':
      return refused(t('pledge.amountInvalid', { example }));
    case 'tooLarge':
      return refused(t('pledge.amountTooLarge', { max: amountForReading(reading.maxMinor, locale) }));
    case 'currency': {
      const names = { sign: reading.sign, meant: reading.meant, expected: reading.expected ?? '' };
      return refused(options.currencyChangeable ? t('itemForm.priceCurrency', names) : t('pledge.amountCurrency', names));
    }
    case 'ambiguous': {
      const plain = (value: number) => new Intl.NumberFormat(locale, { useGrouping: false, maximumFractionDigits: 3 }).format(value);
      return refused(t('pledge.amountAmbiguous', { amount: text.trim(), whole: plain(reading.whole), decimal: plain(reading.decimal) }));
    }
  }
}
