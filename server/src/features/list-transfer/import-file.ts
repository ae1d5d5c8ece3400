/**
 * Reads an imported file into a new list's settings and items, refusing it whole at the first
 * bad row: a Wishwell JSON export, CSV with the export's columns, or any text holding links.
 */
import { COLOR_SETS, WISHLIST_THEMES } from '@wishwell/shared/constants';
import type { Language } from '@wishwell/shared/languages';
import { linksInText } from '@wishwell/shared/links-in-text';
import { CSV_COLUMNS, EXPORT_VERSION, LIST_EXPORT_FORMAT, MAX_IMPORT_ITEMS, type ImportResult } from '@wishwell/shared/list-transfer-types';
import type { WishlistInput } from '@wishwell/shared/wishlist-types';
import { invalid, refusalWithin, text, type ErrorText } from '../../domain/errors';
import { surpriseColumns, wishlistColumns } from '../wishlists/input';
import type { ItemColumns } from '../wishlists/items-service';
import { readCsv, UnclosedQuote } from './csv';
import { itemFromRecord, type ItemRecord } from './item-record';

export interface ImportPlan {
  format: ImportResult['format'];
  /** The list's settings from a JSON export; null for CSV and links (the name comes from the request). */
  settings: WishlistInput | null;
  items: ItemColumns[];
  /** When each item was added (JSON exports), else null. */
  addedAt: (Date | null)[];
  skipped: ErrorText[];
}

const MAX_LINK_LENGTH = 2048;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function checkCount(count: number): void {
  if (count > MAX_IMPORT_ITEMS) throw invalid('importTooManyItems', { max: MAX_IMPORT_ITEMS, count });
}

export function readImportFile(content: string, language: Language): ImportPlan {
  const trimmed = content.replace(/^\uFEFF/, '').trim();
  if (trimmed === '') throw invalid('importEmpty');
  if (trimmed.startsWith('{')) return readJsonExport(trimmed, language);
  const firstLine = trimmed.slice(0, trimmed.search(/\r|\n|$/)).toLowerCase();
  if (/^"?title"?\s*[,;]/.test(firstLine) || firstLine.replace(/"/g, '').trim() === 'title') return readCsvFile(trimmed, language);
  return readLinks(trimmed);
}

function readJsonExport(content: string, language: Language): ImportPlan {
  let file: unknown;
  try {
    file = JSON.parse(content);
  } catch {
    throw invalid('importNotJson');
  }
  if (!isRecord(file) || file.format !== LIST_EXPORT_FORMAT || !isRecord(file.list) || !Array.isArray(file.items)) throw invalid('importNotExport');
  if (typeof file.version !== 'number' || file.version > EXPORT_VERSION) throw invalid('importNewer', { version: shownValue(file.version) });
  const settings = refusalWithin('importListSettings', {}, () => listSettings(file.list as Record<string, unknown>));
  const items = file.items as unknown[];
  checkCount(items.length);
  const columns = items.map((item, index) =>
    refusalWithin('atItem', { item: index + 1 }, () => {
      if (!isRecord(item)) throw invalid('importNotObject');
      return itemFromRecord(item, language);
    }),
  );
  const addedAt = items.map((item) => (isRecord(item) && typeof item.createdAt === 'string' && !Number.isNaN(Date.parse(item.createdAt)) ? new Date(item.createdAt) : null));
  const reserved = items.some((item) => isRecord(item) && typeof item.quantityPurchased === 'number' && item.quantityPurchased > 0);
  return { format: 'json', settings, items: columns, addedAt, skipped: reserved ? [text('importReservationsLeft')] : [] };
}

const shownValue = (value: unknown) => (JSON.stringify(value) ?? 'none').slice(0, 80);

function stringOrNull(value: unknown, field: string): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') throw invalid('importNotText', { field, value: shownValue(value) });
  return value;
}

function oneOf<T extends string>(values: readonly T[], value: unknown, field: string): T | undefined {
  if (value === undefined) return undefined;
  const found = values.find((each) => each === value);
  if (found) return found;
  throw invalid('importOneOf', { field, value: shownValue(value), values: values.join(', ') });
}

function flagOf(value: unknown, field: string): boolean | undefined {
  if (value === undefined || typeof value === 'boolean') return value;
  throw invalid('importYesNo', { field, value: shownValue(value) });
}

/** The export's list settings, held to the rules of the wish list form. */
function listSettings(list: Record<string, unknown>): WishlistInput {
  const name = stringOrNull(list.name, 'name')?.trim() ?? '';
  if (name === '' || name.length > 200) throw invalid('listName');
  const description = stringOrNull(list.description, 'description') ?? '';
  if (description.length > 5000) throw invalid('importTooLong', { field: 'description', max: 5000 });
  const input: WishlistInput = {
    name,
    description,
    theme: oneOf(WISHLIST_THEMES, list.theme, 'theme'),
    isRecurring: flagOf(list.isRecurring, 'isRecurring'),
    eventDate: stringOrNull(list.eventDate, 'eventDate'),
    expiresAt: stringOrNull(list.expiresAt, 'expiresAt'),
    coverImage: stringOrNull(list.coverImage, 'coverImage'),
    colorSet: oneOf(COLOR_SETS, list.colorSet, 'colorSet'),
    surpriseUntil: stringOrNull(list.surpriseUntil, 'surpriseUntil'),
    editorsSeeClaims: flagOf(list.editorsSeeClaims, 'editorsSeeClaims'),
    allowOverPledge: flagOf(list.allowOverPledge, 'allowOverPledge'),
  };
  // The form's own rules (dates, cover image), run here so a refusal names the settings.
  wishlistColumns(input);
  surpriseColumns(input, 'owner', new Date());
  return input;
}

function readCsvFile(content: string, language: Language): ImportPlan {
  let records: string[][];
  try {
    records = readCsv(content);
  } catch (error) {
    if (error instanceof UnclosedQuote) throw invalid('atRow', { row: error.record, problem: text('importUnclosedQuote') });
    throw error;
  }
  const header = records[0]!.map((name) => name.trim());
  const known = new Set<string>(CSV_COLUMNS);
  const skipped = header.filter((name) => name !== '' && !known.has(name)).map((column) => text('importUnknownColumn', { column }));
  const rows = records.slice(1).map((cells, index) => ({ cells, row: index + 2 })).filter(({ cells }) => cells.some((each) => each.trim() !== ''));
  checkCount(rows.length);
  const items = rows.map(({ cells, row }) =>
    refusalWithin('atRow', { row }, () => {
      const record: ItemRecord = {};
      header.forEach((name, column) => {
        if (known.has(name)) record[name] = cells[column] ?? '';
      });
      return itemFromRecord(record, language);
    }),
  );
  return { format: 'csv', settings: null, items, addedAt: items.map(() => null), skipped };
}

/** Any text holding links: each link an item, titled by the words beside it, else by its address. */
function readLinks(content: string): ImportPlan {
  const found = linksInText(content);
  const links = found.filter(({ url }) => url.length <= MAX_LINK_LENGTH);
  const skipped = found.filter(({ url }) => url.length > MAX_LINK_LENGTH).map(({ line }) => text('importLinkTooLong', { line, max: MAX_LINK_LENGTH }));
  if (links.length === 0) throw invalid('importNoLinks');
  checkCount(links.length);
  const items: ItemColumns[] = links.map(({ url, label }) => ({
    title: (label || url.replace(/^https?:\/\/(www\.)?/i, '')).slice(0, 500),
    url,
    notes: undefined,
    description: undefined,
    quantity: undefined,
    priority: undefined,
    price: undefined,
    currency: undefined,
    imageUrl: undefined,
    isGroupGift: undefined,
  }));
  return { format: 'links', settings: null, items, addedAt: items.map(() => null), skipped };
}
