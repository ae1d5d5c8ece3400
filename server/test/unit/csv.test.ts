import { describe, expect, it } from 'vitest';
import { readCsv, UnclosedQuote, writeCsv } from '../../src/features/list-transfer/csv';

describe('CSV', () => {
  it('reads back what it writes: quotes, separators, line breaks and formula-like text', () => {
    const rows = [
      ['title', 'notes'],
      ['Kettle, "steel"', 'line one\nline two; three'],
      ['=SUM(A1)', '-5 degrees'],
      ['', ' spaced '],
    ];
    const written = writeCsv(rows);
    expect(written).toContain("'=SUM(A1)");
    expect(readCsv(written)).toEqual(rows);
  });

  it('reads a spreadsheet file with semicolons, a byte order mark and bare line feeds', () => {
    expect(readCsv('\uFEFFtitle;price\nBike;"1.299,00"\nBell;4,50')).toEqual([
      ['title', 'price'],
      ['Bike', '1.299,00'],
      ['Bell', '4,50'],
    ]);
  });

  it('names the record where a quoted value never closes', () => {
    expect(() => readCsv('title\nA\n"B\nC\n')).toThrow(UnclosedQuote);
    try {
      readCsv('title\nA\n"B\nC\n');
    } catch (error) {
      expect((error as UnclosedQuote).record).toBe(3);
    }
  });
});
