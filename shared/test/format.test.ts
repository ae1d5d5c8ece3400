import { describe, expect, it } from 'vitest';
import { formatDateTime, formatSeconds } from '../src/format';

describe('formatDateTime', () => {
  it('writes local time as YYYY-MM-DD HH:mm with zero padding', () => {
    expect(formatDateTime(new Date(2026, 0, 5, 9, 7, 59))).toBe('2026-01-05 09:07');
    expect(formatDateTime(new Date(2026, 11, 31, 23, 59))).toBe('2026-12-31 23:59');
  });

  it('reads ISO timestamps', () => {
    const iso = new Date(2027, 2, 14, 18, 30).toISOString();
    expect(formatDateTime(iso)).toBe('2027-03-14 18:30');
  });

  it('shows an unreadable value as given', () => {
    expect(formatDateTime('not a date')).toBe('not a date');
  });
});

describe('formatSeconds', () => {
  it('shows milliseconds as seconds with 2 decimals', () => {
    expect(formatSeconds(1234)).toBe('1.23s');
    expect(formatSeconds(42)).toBe('0.04s');
    expect(formatSeconds(0)).toBe('0.00s');
    expect(formatSeconds(15000)).toBe('15.00s');
  });

  it('shows N/A when there is no duration', () => {
    expect(formatSeconds(null)).toBe('N/A');
    expect(formatSeconds(undefined)).toBe('N/A');
    expect(formatSeconds(Number.NaN)).toBe('N/A');
  });
});
