import { describe, expect, it } from 'vitest';
import { fromMinorUnits, toMinorUnits } from '../src/money';

describe('minor units', () => {
  it('reads plain amounts exactly, as the price field spells them', () => {
    expect(toMinorUnits('300')).toBe(30000);
    expect(toMinorUnits('12.5')).toBe(1250);
    expect(toMinorUnits('0.1')).toBe(10);
    expect(toMinorUnits('1,299.99')).toBe(129999);
    expect(toMinorUnits(' 10.05 ')).toBe(1005);
  });

  it('refuses what is not a plain amount', () => {
    for (const text of ['', '-5', '1.234', '£10', '1e3', 'Price not found', '12,34', '1,2345']) expect(toMinorUnits(text), text).toBeNull();
  });

  it('sums without float drift and writes two decimals back', () => {
    const total = ['0.10', '0.20', '0.30'].map((a) => toMinorUnits(a)!).reduce((sum, n) => sum + n, 0);
    expect(fromMinorUnits(total)).toBe('0.60');
    expect(fromMinorUnits(30000)).toBe('300.00');
    expect(fromMinorUnits(5)).toBe('0.05');
  });
});
