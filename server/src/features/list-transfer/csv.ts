/** CSV as spreadsheets write and read it (RFC 4180): quoted fields, doubled quotes, CRLF rows. */

/** A cell a spreadsheet would run as a formula ("=HYPERLINK(…)") starts with one of these. */
const FORMULA_START = /^[=+\-@\t\r]/;

function cell(value: string): string {
  // A leading apostrophe makes spreadsheets show the text as it is; readCsv takes it off again.
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",;\r\n]/.test(safe) || safe !== safe.trim() ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function writeCsv(rows: readonly (readonly string[])[]): string {
  return rows.map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}

/** A quoted value that never closes: the record it starts in (1-based, the header being 1). */
export class UnclosedQuote extends Error {
  constructor(readonly record: number) {
    super(`Record ${record}: a quoted value is not closed.`);
  }
}

/**
 * The records of a CSV text, each a list of cells. The separator is the first row's: a comma, or
 * a semicolon when the header has semicolons and no commas (what spreadsheets write in languages
 * whose decimal mark is a comma). A cell's leading apostrophe before a formula sign is taken off.
 */
export function readCsv(content: string): string[][] {
  const text = content.replace(/^\uFEFF/, '');
  const header = text.slice(0, text.search(/\r|\n|$/));
  const separator = header.includes(';') && !header.includes(',') ? ';' : ',';
  const records: string[][] = [];
  let record: string[] = [];
  let value = '';
  let quoted = false;
  let index = 0;
  const endCell = () => {
    record.push(/^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value);
    value = '';
  };
  while (index < text.length) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        value += '"';
        index += 2;
        continue;
      }
      if (char === '"') quoted = false;
      else value += char;
      index += 1;
      continue;
    }
    if (char === '"' && value === '') quoted = true;
    else if (char === separator) endCell();
    else if (char === '\r' || char === '\n') {
      endCell();
      records.push(record);
      record = [];
      if (char === '\r' && text[index + 1] === '\n') index += 1;
    } else value += char;
    index += 1;
  }
  if (quoted) throw new UnclosedQuote(records.length + 1);
  if (value !== '' || record.length > 0) {
    endCell();
    records.push(record);
  }
  return records;
}
