import { describe, expect, it } from 'vitest';
import { errorMessage } from '../../src/domain/errors';
import { rowCheckOf as rowCheckWithTexts } from '../../src/features/backup/row-checks';

/** A table's row check, its problem's text in English as the operator reads it. */
const rowCheckOf = (table: string) => (row: Record<string, unknown>) => {
  const problem = rowCheckWithTexts(table)(row);
  return problem && { column: problem.column, detail: errorMessage([problem.detail], 'en') };
};
const AT = '2026-01-31T12:00:00.000Z';
const items = rowCheckOf('items');
const item = (changes: Record<string, unknown> = {}) => ({ id: 'i1', wishlistId: 'w1', title: 'Teapot', createdAt: AT, updatedAt: AT, ...changes });

describe("a restored row's columns are checked by their kind, the same on either engine", () => {
  it('takes a row as a backup holds it: columns it lacks take their defaults, properties no column has are left alone', () => {
    expect(items(item())).toBeNull();
    expect(items(item({ priceMinor: null, imageCheckedAt: null, referralProgram: null, purchasedBy: 'an older backup' }))).toBeNull();
  });

  it('refuses whole numbers beyond PostgreSQL integer or a safe JavaScript number, so a backup restores onto either engine', () => {
    expect(items(item({ pledgeCount: 2 ** 31 }))).toEqual({ column: 'pledgeCount', detail: 'It must be a whole number from -2147483648 to 2147483647.' });
    expect(items(item({ pledgeCount: 1.5 }))).toMatchObject({ column: 'pledgeCount' });
    expect(items(item({ priceMinor: 2 ** 31 }))).toBeNull();
    expect(items(item({ priceMinor: 2 ** 60 }))).toEqual({ column: 'priceMinor', detail: 'It must be a whole number from -9007199254740991 to 9007199254740991.' });
  });

  it('refuses a value missing or null where the column has no default or takes none', () => {
    expect(items(item({ wishlistId: undefined }))).toEqual({ column: 'wishlistId', detail: 'A value is required.' });
    expect(items(item({ quantity: null }))).toEqual({ column: 'quantity', detail: 'A value is required.' });
  });

  it('takes timestamps only as JSON writes a date (years 1 to 9999), numbers only finite, flags only true or false', () => {
    const timestamp = 'It must be a date and time such as 2026-01-31T12:00:00.000Z.';
    for (const createdAt of ['2026-01-31', '+010000-01-01T00:00:00.000Z', '0000-01-01T00:00:00.000Z', '2026-02-30T00:00:00.000Z', '2026-02-29T00:00:00.000Z', '1900-02-29T00:00:00.000Z', '2026-04-31T00:00:00.000Z', '2026-13-01T00:00:00.000Z', '2026-01-01T24:00:00.000Z', 1769860800000]) {
      expect(items(item({ createdAt })), String(createdAt)).toEqual({ column: 'createdAt', detail: timestamp });
    }
    for (const createdAt of ['2024-02-29T23:59:59.999Z', '2000-02-29T00:00:00.000Z', '0001-01-01T00:00:00.000Z', '9999-12-31T23:59:59.999Z']) expect(items(item({ createdAt })), createdAt).toBeNull();
    expect(rowCheckOf('scraper_configs')({ id: 's', domain: 'shop.example', averageScrapeTimeMs: 'fast', createdAt: AT, updatedAt: AT })).toEqual({ column: 'averageScrapeTimeMs', detail: 'It must be a number.' });
    expect(items(item({ isGroupGift: 1 }))).toEqual({ column: 'isGroupGift', detail: 'It must be true or false.' });
  });
});

describe("a restored row is held to the API's schema and rules for the columns it writes", () => {
  it("answers the API's own message, or the field and TypeBox's reason where the API's schema has none", () => {
    expect(items(item({ currency: 'euro' }))).toEqual({ column: 'currency', detail: 'Currency must be a three-letter code such as GBP.' });
    const brand = { id: 'd', hostname: 'gifts.example.com', logoUrl: '/Logo.png', createdAt: AT, updatedAt: AT };
    expect(rowCheckOf('domain_configs')({ ...brand, companyName: 'x'.repeat(101) })).toEqual({ column: 'companyName', detail: 'companyName must be at most 100 characters.' });
    expect(rowCheckOf('domain_configs')({ ...brand, companyName: 'Gift Co', logoUrl: 'javascript:alert(1)' })).toMatchObject({ column: 'logoUrl' });
  });

  it("applies the API's rules beyond its schemas: an account's language is one Wishwell speaks", () => {
    const user = { id: 'u', name: 'Ada', email: 'ada@example.com', passwordHash: '', createdAt: AT, updatedAt: AT };
    expect(rowCheckOf('users')({ ...user, language: 'de' })).toBeNull();
    expect(rowCheckOf('users')({ ...user, language: 'xx' })).toMatchObject({ column: 'language', detail: expect.stringMatching(/^Please choose one of the languages Wishwell speaks/) });
  });
});
