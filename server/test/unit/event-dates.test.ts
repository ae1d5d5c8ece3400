import { describe, expect, it } from 'vitest';
import { daysBetween, nextOccurrence } from '@wishwell/shared/event-dates';

describe('the next occurrence of an event day', () => {
  it('keeps a one-off day until it has passed', () => {
    expect(nextOccurrence('2027-03-14', false, '2027-03-14')).toBe('2027-03-14');
    expect(nextOccurrence('2027-03-14', false, '2027-03-15')).toBeNull();
  });

  it('rolls a recurring day forward, across the year end', () => {
    expect(nextOccurrence('2019-01-03', true, '2026-12-27')).toBe('2027-01-03');
    expect(nextOccurrence('2019-12-31', true, '2026-12-31')).toBe('2026-12-31');
    expect(nextOccurrence('2019-12-31', true, '2027-01-01')).toBe('2027-12-31');
    // Not before the first time it happens.
    expect(nextOccurrence('2030-05-01', true, '2026-12-27')).toBe('2030-05-01');
  });

  it('puts 29 February on 28 February in years without one', () => {
    expect(nextOccurrence('2024-02-29', true, '2025-01-10')).toBe('2025-02-28');
    expect(nextOccurrence('2024-02-29', true, '2025-03-01')).toBe('2026-02-28');
    expect(nextOccurrence('2024-02-29', true, '2028-02-01')).toBe('2028-02-29');
    expect(nextOccurrence('2024-02-29', true, '2100-02-01')).toBe('2100-02-28');
  });

  it('counts whole days across a year end and a leap day', () => {
    expect(daysBetween('2026-12-27', '2027-01-03')).toBe(7);
    expect(daysBetween('2028-02-22', '2028-03-01')).toBe(8);
  });
});
