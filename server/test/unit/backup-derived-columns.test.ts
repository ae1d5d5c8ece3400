import { describe, expect, it } from 'vitest';
import * as tables from '../../src/db/schema/sqlite';
import type { Tables } from '../../src/db/store';
import { decodeRow, tablesInForeignKeyOrder } from '../../src/features/backup/tables';

const items = tablesInForeignKeyOrder(tables as unknown as Tables).find((table) => table.name === 'items')!;

describe('restoring a backup taken before items kept their shop', () => {
  it("derives an item's shop domain from its link when the backup has none, and keeps one it has", () => {
    const old = decodeRow(JSON.stringify({ id: 'a', url: 'https://www.etsy.com/listing/1', createdAt: '2026-01-02T00:00:00.000Z' }), items);
    expect(old).toMatchObject({ shopDomain: 'etsy.com', createdAt: new Date('2026-01-02T00:00:00.000Z') });
    expect(decodeRow(JSON.stringify({ id: 'b', url: '' }), items).shopDomain).toBe('');
    expect(decodeRow(JSON.stringify({ id: 'c', url: 'https://www.etsy.com/x', shopDomain: 'kept.example' }), items).shopDomain).toBe('kept.example');
  });
});
