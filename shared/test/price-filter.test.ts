import { describe, expect, it } from 'vitest';
import { applyPriceFilter, listCurrencies, sliderMaxFor, sortByPrice } from '../src/price-filter';
import { readPrice } from '../src/price-input';

const item = (title: string, price: string, currency = '') => ({ title, price, currency });
const titles = (items: { title: string }[]) => items.map((i) => i.title);

const mixed = [item('Mug', '4.45', 'GBP'), item('Lamp', '29.99', 'USD'), item('Book', '12', ''), item('Idea', 'Price not found'), item('Bike', '240', 'USD'), item('Kite', '18', 'USD')];

describe('listCurrencies', () => {
  it("lists the priced currencies, the list's own first, then the most used; items without a currency in the list currency", () => {
    expect(listCurrencies(mixed, 'GBP')).toEqual(['GBP', 'USD']);
    expect(listCurrencies([...mixed, item('a', '1', 'EUR'), item('b', '2', 'EUR'), item('c', '3', 'EUR'), item('d', '4', 'EUR')], 'GBP')).toEqual(['GBP', 'EUR', 'USD']);
    expect(listCurrencies([item('a', '1', 'EUR'), item('b', '2', 'gbp')], 'GBP')).toEqual(['GBP', 'EUR']);
    expect(listCurrencies([item('a', '1', 'EUR')], 'GBP')).toEqual(['EUR']);
    expect(listCurrencies([item('a', 'Price not found')], 'GBP')).toEqual([]);
  });
});

describe('applyPriceFilter', () => {
  it('shows everything while the range is the whole slider', () => {
    const { shown, otherCurrencies } = applyPriceFilter(mixed, { currency: 'GBP', low: 0, high: Infinity }, 'GBP');
    expect(shown).toHaveLength(mixed.length);
    expect(otherCurrencies).toBe(0);
  });

  it('compares prices only within the chosen currency and counts the items it leaves out', () => {
    // $29.99 is not "under 20" in pounds: it is left out and counted, not compared.
    const { shown, otherCurrencies } = applyPriceFilter(mixed, { currency: 'GBP', low: 0, high: 20 }, 'GBP');
    expect(titles(shown)).toEqual(['Mug', 'Book', 'Idea']);
    expect(otherCurrencies).toBe(3);
    const dollars = applyPriceFilter(mixed, { currency: 'USD', low: 20, high: Infinity }, 'GBP');
    expect(titles(dollars.shown)).toEqual(['Lamp', 'Bike']);
    expect(dollars.otherCurrencies).toBe(2);
  });

  it('uses the chosen currency for the slider top', () => {
    expect(sliderMaxFor(mixed, 'USD', 'GBP')).toBe(250);
    expect(sliderMaxFor(mixed, 'GBP', 'GBP')).toBe(50);
  });
});

describe('sortByPrice', () => {
  it('sorts within each currency in the given order, unpriced last', () => {
    expect(titles(sortByPrice(mixed, ['GBP', 'USD'], 'GBP'))).toEqual(['Mug', 'Book', 'Kite', 'Lamp', 'Bike', 'Idea']);
  });
});

describe('readPrice', () => {
  it('keeps blanks and Price not found, and spells amounts one way whatever the language wrote', () => {
    const english = { '': '', ' ': '', '0': '0.00', '12': '12.00', '12.5': '12.50', '12,50': '12.50', '1,299.99': '1299.99', 'Price not found': 'Price not found' };
    for (const [typed, stored] of Object.entries(english)) expect(readPrice(typed, 'en'), typed).toEqual({ price: stored });
    const german = { '12,50': '12.50', '1.299,99': '1299.99', '1.250': '1250.00', '12.5': '12.50' };
    for (const [typed, stored] of Object.entries(german)) expect(readPrice(typed, 'de'), typed).toEqual({ price: stored });
  });
  it('refuses negatives, words and over-precise amounts, and names both readings of an ambiguous one', () => {
    for (const bad of ['-20', 'abc', '12abc', 'NaN', 'Infinity', '1e3', '12,3456']) expect(readPrice(bad, 'en'), bad).toEqual({ problem: 'invalid' });
    expect(readPrice('1,250', 'de')).toEqual({ problem: 'ambiguous', whole: 1250, decimal: 1.25 });
    expect(readPrice('1.250', 'en')).toEqual({ problem: 'ambiguous', whole: 1250, decimal: 1.25 });
  });
});
