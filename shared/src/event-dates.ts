/** Event days (YYYY-MM-DD, as lists store them), counted in whole UTC days. */

const DAY_MS = 86_400_000;

function parts(day: string): [number, number, number] {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return [year, month, date];
}

function dayNumber(day: string): number {
  const [year, month, date] = parts(day);
  return Date.UTC(year, month - 1, date) / DAY_MS;
}

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/** The event's day in `year`: 29 February falls on 28 February in years without one. */
function inYear(day: string, year: number): string {
  const [, month, date] = parts(day);
  const shown = month === 2 && date === 29 && !isLeapYear(year) ? 28 : date;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(shown).padStart(2, '0')}`;
}

/** The UTC day of `at`, as YYYY-MM-DD. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/**
 * The next time the event happens on or after `today`: the stored day itself, or for a recurring
 * list that day rolled forward a year at a time. Null when a one-off event is past.
 */
export function nextOccurrence(eventDate: string, isRecurring: boolean, today: string): string | null {
  if (!isRecurring) return eventDate >= today ? eventDate : null;
  const [year] = parts(today);
  const [firstYear] = parts(eventDate);
  const thisYear = inYear(eventDate, Math.max(year, firstYear));
  return thisYear >= today ? thisYear : inYear(eventDate, Math.max(year, firstYear) + 1);
}

/** Whole days from `from` to `to` (both YYYY-MM-DD). */
export function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from);
}

/**
 * An event day written out in `language` ("June 8, 2027", "8. Juni 2027"): a date, not a moment,
 * so read and written in UTC (no time zone moves it a day). Anything not a YYYY-MM-DD day is
 * answered as it is. Without a language, the runtime's own (a browser's).
 */
export function formatEventDay(day: string, language?: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return day;
  const [year, month, date] = parts(day);
  return new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(year, month - 1, date)));
}
