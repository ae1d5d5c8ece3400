import { describe, expect, it } from 'vitest';
import * as tables from '../../src/db/schema/sqlite';
import type { Tables } from '../../src/db/store';
import { decodeRow, reviveDates, tablesInForeignKeyOrder } from '../../src/features/backup/tables';

const items = tablesInForeignKeyOrder(tables as unknown as Tables).find((table) => table.name === 'items')!;

describe('restoring a backup taken before items kept their shop', () => {
  it("derives an item's shop domain from its link when the backup has none, and keeps one it has", () => {
    const old = reviveDates(decodeRow(JSON.stringify({ id: 'a', url: 'https://www.etsy.com/listing/1', createdAt: '2026-01-02T00:00:00.000Z' }), items), items);
    expect(old).toMatchObject({ shopDomain: 'etsy.com', createdAt: new Date('2026-01-02T00:00:00.000Z') });
    expect(decodeRow(JSON.stringify({ id: 'b', url: '' }), items).shopDomain).toBe('');
    expect(decodeRow(JSON.stringify({ id: 'c', url: 'https://www.etsy.com/x', shopDomain: 'kept.example' }), items).shopDomain).toBe('kept.example');
  });
});

describe('restoring a backup taken before items kept their place in the list', () => {
  it('places them newest first, before any item added later, and keeps a place the backup has', () => {
    const place = (createdAt: string) => decodeRow(JSON.stringify({ id: 'a', createdAt }), items).position as number;
    expect(place('2026-01-02T00:00:00.000Z')).toBeLessThan(place('2026-01-01T00:00:00.000Z'));
    expect(place('2026-01-01T00:00:00.000Z')).toBeLessThan(0);
    expect(decodeRow(JSON.stringify({ id: 'b', createdAt: '2026-01-01T00:00:00.000Z', position: 3 }), items).position).toBe(3);
  });
});

describe('restoring a backup taken before items kept their price in minor units', () => {
  it("derives it from the price text with the server's parser, null when the price is not an amount", () => {
    expect(decodeRow(JSON.stringify({ id: 'a', price: '1,299.99' }), items).priceMinor).toBe(129_999);
    expect(decodeRow(JSON.stringify({ id: 'b', price: 'Price not found' }), items).priceMinor).toBeNull();
    expect(decodeRow(JSON.stringify({ id: 'c', price: '' }), items).priceMinor).toBeNull();
    expect(decodeRow(JSON.stringify({ id: 'd', price: '5', priceMinor: 700 }), items).priceMinor).toBe(700);
  });

  it('leaves the derived shop totals and upload usage out of every backup (the restore rebuilds them from the items and uploads)', () => {
    const names = tablesInForeignKeyOrder(tables as unknown as Tables).map((table) => table.name);
    expect(names).not.toContain('shop_totals');
    expect(names).not.toContain('upload_usage');
  });
});
