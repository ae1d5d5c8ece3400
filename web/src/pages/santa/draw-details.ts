import { formatPrice } from '@wishwell/shared/price-format';
import { fromMinorUnits } from '@wishwell/shared/money';
import type { TFunction } from '../../i18n/i18n';
import { dayLocale, formatDay } from '../../ui/dates';

/** "on 24 December 2026": the day of the exchange in the reader's language. */
export function drawDay(date: string, t: TFunction, language: string): string {
  return t('santa.dateIs', { date: formatDay(date, dayLocale(language)) });
}

/** "Budget €25.00 · on 24 December 2026" (either part may be missing): a draw's settings in the reader's language. */
export function drawDetails(draw: { budget: number | null; currency: string | null; date: string | null }, t: TFunction, language: string): string {
  const budget = draw.budget !== null ? t('santa.budgetIs', { budget: formatPrice(fromMinorUnits(draw.budget), draw.currency, language) }) : null;
  return [budget, draw.date ? drawDay(draw.date, t, language) : null].filter(Boolean).join(' · ');
}
