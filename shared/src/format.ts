/** Display formats of the admin console (spec section 9). Pure, so both ends and the tests share them. */

const pad = (n: number) => String(n).padStart(2, '0');

/** A timestamp as local "YYYY-MM-DD HH:mm"; an unreadable value is shown as given. */
export function formatDateTime(value: string | Date): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A duration in milliseconds as seconds with 2 decimals ("1.23s"), or N/A when unknown. */
export function formatSeconds(ms: number | null | undefined): string {
  return typeof ms === 'number' && Number.isFinite(ms) ? `${(ms / 1000).toFixed(2)}s` : 'N/A';
}
