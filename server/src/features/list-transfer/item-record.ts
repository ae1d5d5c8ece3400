/**
 * One item of an imported file (a CSV row's cells by column, or a JSON export's item) as an
 * item body, each field checked with a message that names it and its value. The item API's own
 * rules (itemColumns) run after these.
 */
import { ITEM_PRIORITIES, type ItemPriority } from '@wishwell/shared/constants';
import type { Language } from '@wishwell/shared/languages';
import { readPrice } from '@wishwell/shared/price-input';
import type { ItemInput } from '@wishwell/shared/wishlist-types';
import { invalid } from '../../domain/errors';
import { itemColumns } from '../wishlists/input';
import type { ItemColumns } from '../wishlists/items-service';

/** A field as the file has it: CSV cells are text, a JSON file may hold any value. */
export type ItemRecord = Record<string, unknown>;

const MAX_LENGTH = { title: 500, url: 2048, notes: 5000, description: 2000, imageUrl: 2048 } as const;
const MAX_QUANTITY = 100_000;
const shown = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value) ?? '').slice(0, 80);

function textField(record: ItemRecord, field: keyof typeof MAX_LENGTH): string {
  const value = record[field] ?? '';
  if (typeof value !== 'string') throw invalid('importNotText', { field, value: shown(value) });
  if (value.length > MAX_LENGTH[field]) throw invalid('importTooLong', { field, max: MAX_LENGTH[field] });
  return value.trim();
}

function webAddress(record: ItemRecord, field: 'url' | 'imageUrl'): string {
  const value = textField(record, field);
  if (value === '' || /^https?:\/\/\S+$/i.test(value) || (field === 'imageUrl' && value.startsWith('/uploads/'))) return value;
  throw invalid('importWebAddress', { field, value: shown(value) });
}

function price(record: ItemRecord, language: Language): string {
  const value = record.price ?? '';
  const written = typeof value === 'number' ? String(value) : value;
  if (typeof written !== 'string') throw invalid('importNotNumber', { field: 'price', value: shown(value) });
  const reading = readPrice(written, language);
  if ('price' in reading) return reading.price;
  if (reading.problem === 'ambiguous') throw invalid('importAmbiguous', { field: 'price', value: written.trim(), whole: reading.whole, decimal: reading.decimal });
  throw invalid('importNotNumber', { field: 'price', value: shown(written) });
}

function quantity(record: ItemRecord): number {
  const value = record.quantity ?? '';
  if (value === '') return 1;
  const number = typeof value === 'number' ? value : typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : NaN;
  if (Number.isInteger(number) && number >= 1 && number <= MAX_QUANTITY) return number;
  throw invalid('importWholeNumber', { field: 'quantity', value: shown(value), min: 1, max: MAX_QUANTITY });
}

function priority(record: ItemRecord): ItemPriority {
  const value = record.priority ?? '';
  if (value === '') return 'Medium';
  const found = ITEM_PRIORITIES.find((each) => typeof value === 'string' && each.toLowerCase() === value.trim().toLowerCase());
  if (found) return found;
  throw invalid('importOneOf', { field: 'priority', value: shown(value), values: ITEM_PRIORITIES.join(', ') });
}

function currency(record: ItemRecord): string | undefined {
  const value = record.currency ?? '';
  if (value === '') return undefined;
  if (typeof value === 'string' && /^\s*[A-Za-z]{3}\s*$/.test(value)) return value.trim().toUpperCase();
  throw invalid('importCurrency', { field: 'currency', value: shown(value) });
}

function flag(record: ItemRecord, field: 'isGroupGift'): boolean {
  const value = record[field] ?? '';
  if (typeof value === 'boolean') return value;
  const word = typeof value === 'string' ? value.trim().toLowerCase() : null;
  if (word === '' || word === 'false' || word === 'no' || word === '0') return false;
  if (word === 'true' || word === 'yes' || word === '1') return true;
  throw invalid('importYesNo', { field, value: shown(value) });
}

/** The item's columns, or a refusal naming the first field that is wrong. */
export function itemFromRecord(record: ItemRecord, language: Language): ItemColumns {
  const title = textField(record, 'title');
  if (title === '') throw invalid('importTitleMissing');
  const input: ItemInput = {
    title,
    url: webAddress(record, 'url'),
    price: price(record, language),
    currency: currency(record),
    quantity: quantity(record),
    priority: priority(record),
    notes: textField(record, 'notes'),
    description: textField(record, 'description'),
    imageUrl: webAddress(record, 'imageUrl'),
    isGroupGift: flag(record, 'isGroupGift'),
  };
  return itemColumns(input, language);
}
