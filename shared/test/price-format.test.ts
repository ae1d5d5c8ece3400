import { describe, expect, it } from 'vitest';
import { formatPrice, numberLocale, priceSliderMax, priceValue, withoutZeroCents } from '../src/price-format';

describe('formatPrice', () => {
  it('writes amounts the way the reader’s language does, English keeping the spec formats', () => {
    expect(formatPrice('1299.5', 'EUR', 'de')).toBe('1.299,50\u00a0€');
    expect(formatPrice('24.99', 'USD', 'fr')).toBe('24,99\u00a0$US');
    expect(formatPrice('24.99', 'GBP', 'es')).toBe('24,99\u00a0GBP');
    expect(formatPrice('24.99', 'USD', 'en')).toBe('$24.99');
    expect(formatPrice('Price not found', 'EUR', 'de')).toBe('Price not found');
  });

  it('drops zero cents in short lines, whatever the language', () => {
    expect(withoutZeroCents(formatPrice('1000', 'GBP'))).toBe('£1,000');
    expect(withoutZeroCents(formatPrice('1000', 'EUR', 'de'))).toBe('1.000\u00a0€');
    expect(withoutZeroCents(formatPrice('12.5', 'EUR', 'de'))).toBe('12,50\u00a0€');
  });

  it('shows pounds when no currency is given', () => {
    expect(formatPrice('24.99')).toBe('£24.99');
    expect(formatPrice('24.99', '')).toBe('£24.99');
    expect(formatPrice('5', 'GBP')).toBe('£5.00');
  });

  it("shows '$' for USD, CAD, AUD and NZD", () => {
    for (const code of ['USD', 'CAD', 'AUD', 'NZD', 'usd']) expect(formatPrice('10.5', code)).toBe('$10.50');
  });

  it('formats other currencies through Intl', () => {
    expect(formatPrice('19.9', 'EUR')).toBe('€19.90');
    expect(formatPrice('1000', 'JPY')).toBe('JP¥1,000');
  });

  it('writes English amounts as Intl does in en-GB: grouped thousands, two decimals, halves rounded up', () => {
    const intl = new Intl.NumberFormat('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const amounts = ['0', '0.1', '0.005', '1.005', '24.995', '999.999', '1000', '1234567.5', '12345678901.25', '0.0000001', '123456789012345678901234'];
    for (const amount of amounts) expect(formatPrice(amount, 'GBP')).toBe(`£${intl.format(Number(amount))}`);
    expect(formatPrice('24.995', 'USD')).toBe('$25.00');
  });

  it('reads prices written with symbols and thousands separators', () => {
    expect(formatPrice('£1,299.50', 'GBP')).toBe('£1,299.50');
  });

  it("keeps text without a number, such as 'Price not found', and unknown codes readable", () => {
    expect(formatPrice('Price not found', 'GBP')).toBe('Price not found');
    expect(formatPrice('', 'GBP')).toBe('');
    expect(formatPrice('12', 'NOT-A-CODE')).toBe('NOT-A-CODE 12.00');
  });
});

describe('priceValue', () => {
  it('extracts the number or gives null', () => {
    expect(priceValue('£1,299.50')).toBe(1299.5);
    expect(priceValue('Price not found')).toBeNull();
  });
});

describe('priceSliderMax', () => {
  it('rounds the highest price up to a multiple of 50', () => {
    expect(priceSliderMax(['10', '120.01', 'Price not found'])).toBe(150);
    expect(priceSliderMax(['100'])).toBe(100);
    expect(priceSliderMax(['0.5'])).toBe(50);
  });

  it('defaults to 100 when no item has a price', () => {
    expect(priceSliderMax([])).toBe(100);
    expect(priceSliderMax(['', 'Price not found'])).toBe(100);
  });
});

describe('numberLocale', () => {
  it('writes counts in the reader’s language (the admin console’s figures), English the en-GB way', () => {
    const count = (language?: string) => (12345).toLocaleString(numberLocale(language));
    expect(count('de')).toBe('12.345');
    expect(count('fr')).toBe('12\u202f345');
    expect(count('en')).toBe('12,345');
    expect(count()).toBe('12,345');
  });
});
