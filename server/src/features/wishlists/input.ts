/** Turns validated request bodies into column values, refusing what the schemas cannot express. */
import { WISHLIST_THEMES, type WishlistTheme } from '@wishwell/shared/constants';
import type { Language } from '@wishwell/shared/languages';
import { readPrice } from '@wishwell/shared/price-input';
import { amountForReading } from '@wishwell/shared/money-input';
import { isWebAddress } from '@wishwell/shared/domain';
import { ISO_CURRENCY_CODES } from '@wishwell/shared/currency-tokens';
import { defaultCoverImage, type ItemInput, type WishlistInput } from '@wishwell/shared/wishlist-types';
import { forbidden, invalid, part, type ErrorPartKey } from '../../domain/errors';
import type { ListRole } from './mappers';

const DEFAULT_COVERS = new Set(WISHLIST_THEMES.map(defaultCoverImage));

const isUploadedImage = (value: string) => /^\/uploads\/[A-Za-z0-9_-]+\.(jpg|png|webp|gif)$/.test(value);

/** '' or an http(s) address: links and images shown to guests must not run script. */
function webAddressOrEmpty(value: string | undefined, what: ErrorPartKey, allowUploads = false): string | undefined {
  if (value === undefined) return undefined;
  const trimmed = value.trim();
  if (trimmed === '' || isWebAddress(trimmed) || (allowUploads && isUploadedImage(trimmed))) return trimmed;
  throw invalid('webAddress', { what: part(what) });
}

/** Null means "the theme's default cover", so a theme change also changes a default cover. */
function coverImage(value: string | null | undefined): string | null | undefined {
  if (value === undefined) return undefined;
  const trimmed = value?.trim() ?? '';
  if (trimmed === '' || DEFAULT_COVERS.has(trimmed)) return null;
  if (isUploadedImage(trimmed) || isWebAddress(trimmed)) return trimmed;
  throw invalid('coverImage');
}

function eventDate(value: string | null | undefined): string | null | undefined {
  if (value === undefined || value === null || value.trim() === '') return value === undefined ? undefined : null;
  const day = value.trim().slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(Date.parse(day))) throw invalid('eventDate');
  return day;
}

function timestamp(value: string | null | undefined, what: ErrorPartKey): Date | null | undefined {
  if (value === undefined || value === null || value.trim() === '') return value === undefined ? undefined : null;
  const time = Date.parse(value);
  if (Number.isNaN(time)) throw invalid('mustBeDate', { what: part(what) });
  return new Date(time);
}

/**
 * The wishlist fields' rules beyond their schema, by field: each answers the value to store or
 * throws a 400. A restored backup's rows are held to them too.
 */
export const wishlistFieldRules = {
  eventDate,
  expiresAt: (value: string | null | undefined) => timestamp(value, 'expiry'),
  coverImage,
  surpriseUntil: (value: string | null | undefined) => timestamp(value, 'surpriseDate'),
};

/** `reminders_from` of a list whose event is new or moved: the reminders job looks at it on its next run (and sets its window). */
export const REMINDERS_DUE_NOW = new Date(0);

/** Wishlist columns from a body; fields the body leaves out stay undefined (unchanged on update). */
export function wishlistColumns(input: WishlistInput) {
  const eventDate = wishlistFieldRules.eventDate(input.eventDate);
  const eventChanged = eventDate !== undefined || input.isRecurring !== undefined;
  return {
    name: input.name.trim(),
    description: input.description?.trim(),
    theme: input.theme as WishlistTheme | undefined,
    isRecurring: input.isRecurring,
    eventDate,
    remindersFrom: eventChanged ? (eventDate === null ? null : REMINDERS_DUE_NOW) : undefined,
    expiresAt: wishlistFieldRules.expiresAt(input.expiresAt),
    coverImage: wishlistFieldRules.coverImage(input.coverImage),
    colorSet: input.colorSet,
    allowOverPledge: input.allowOverPledge,
  };
}

/**
 * The price as stored, read the way `language` writes numbers ('12,50' in German) in `currency`
 * ('£5' for an item in pounds). The refusals say what to change, as the item form does: both
 * readings of an ambiguous '1,250', the currency of a sign that is not the item's, the largest amount.
 */
function price(value: string | undefined, language: Language, currency: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const reading = readPrice(value, language, { currency });
  if ('price' in reading) return reading.price;
  switch (reading.problem) {
    case 'invalid':
      throw invalid('price');
    case 'tooLarge':
      throw invalid('priceTooLarge', { max: amountForReading(reading.maxMinor, language) });
    case 'currency':
      throw invalid('priceCurrency', { sign: reading.sign, meant: reading.meant, expected: reading.expected ?? '' });
    case 'ambiguous': {
      const plain = (amount: number) => new Intl.NumberFormat(language, { useGrouping: false, maximumFractionDigits: 3 }).format(amount);
      throw invalid('priceAmbiguous', { amount: value.trim(), whole: plain(reading.whole), decimal: plain(reading.decimal) });
    }
  }
}

/** The item fields' rules beyond their schema (links and images shown to guests), like wishlistFieldRules. */
export const itemFieldRules = {
  url: (value: string | undefined) => webAddressOrEmpty(value, 'productAddress'),
  imageUrl: (value: string | undefined) => webAddressOrEmpty(value, 'imageAddress', true),
};

/** An item's currency: '' (the list's) or an ISO 4217 code; "ZZZ" would show as money nobody can pay. */
function currencyCode(value: string | undefined): string | undefined {
  const code = value?.trim().toUpperCase();
  if (!code || ISO_CURRENCY_CODES.has(code)) return code;
  throw invalid('currencyUnknown', { code });
}

/**
 * Item columns from a body, its amounts read the way `language` writes them in the body's currency
 * or else `currencyInEffect` (the item's or the list's); fields the body leaves out stay undefined.
 */
export function itemColumns(input: ItemInput, language: Language, currencyInEffect?: string) {
  const currency = currencyCode(input.currency);
  return {
    title: input.title.trim(),
    url: itemFieldRules.url(input.url),
    notes: input.notes?.trim(),
    description: input.description?.trim(),
    quantity: input.quantity,
    priority: input.priority,
    price: price(input.price, language, currency || currencyInEffect),
    currency,
    imageUrl: itemFieldRules.imageUrl(input.imageUrl),
    isGroupGift: input.isGroupGift,
  };
}

/**
 * The surprise columns a body sets: only the owner may (403 for editors). A future date hides
 * purchases until then and arms the reveal mail; clearing it or a past date reveals at once,
 * without a mail (the owner chose to look).
 */
export function surpriseColumns(input: WishlistInput, role: ListRole, now: Date) {
  if (input.surpriseUntil === undefined && input.editorsSeeClaims === undefined) return {};
  if (role === 'editor') throw forbidden('surpriseOwnerOnly');
  const surpriseUntil = wishlistFieldRules.surpriseUntil(input.surpriseUntil);
  return {
    editorsSeeClaims: input.editorsSeeClaims,
    ...(surpriseUntil === undefined ? {} : { surpriseUntil, revealMailedAt: surpriseUntil && surpriseUntil > now ? null : now }),
  };
}
