import { useSyncExternalStore } from 'react';
import { formatEventDay } from '@wishwell/shared/event-dates';
import { useTranslation } from '../i18n/react';

const pad = (n: number) => String(n).padStart(2, '0');

/** A timestamp as the browser's local calendar day (YYYY-MM-DD), for date inputs. */
export function localDay(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** "2027-03-14" -> "14 March 2027" in the viewer's locale ("March 14, 2027" in en-US); a calendar day, so no time zone shift. */
export const formatDay = (day: string, locale?: string): string => formatEventDay(day.slice(0, 10), locale);

type EventDay = { eventDate: string | null; isRecurring: boolean };

const englishEveryYear = (day: string) => `${day} (every year)`;

/** The event line of a list: "14 March 2027", "every year" added for recurring events. */
export function eventLabel(list: EventDay, locale?: string, everyYear = englishEveryYear): string {
  if (!list.eventDate) return '';
  const day = formatDay(list.eventDate, locale);
  return list.isRecurring ? everyYear(day) : day;
}

const neverChanges = () => () => {};

/** English days in the browser's own English (en-GB or en-US), other languages the language's way. */
export const dayLocale = (language: string) => (language.startsWith('en') ? undefined : language);

/** Formats a timestamp as its local calendar day in the viewer's language (pages rendered in the browser only). */
export function useDayFormat(): (iso: string) => string {
  const { i18n } = useTranslation();
  return (iso) => formatDay(localDay(iso), dayLocale(i18n.language));
}

/**
 * eventLabel in the viewer's language. In English the server cannot know the viewer's locale: a
 * server-rendered page (and its hydration, which must match) says it in British English, and the
 * browser then uses its own. Other languages are written the language's way on both sides.
 */
export function useEventLabel(list: EventDay): string {
  const { t, i18n } = useTranslation();
  const everyYear = (day: string) => t('dates.everyYear', { day });
  const locale = dayLocale(i18n.language);
  return useSyncExternalStore(
    neverChanges,
    () => eventLabel(list, locale, everyYear),
    () => eventLabel(list, locale ?? 'en-GB', everyYear),
  );
}
