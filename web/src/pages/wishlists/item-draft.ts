import type { ItemPriority } from '@wishwell/shared/constants';
import type { Item, ItemInput } from '@wishwell/shared/wishlist-types';
import type { ScrapeResult } from '@wishwell/shared/scrape-types';
import { toMinorUnits } from '@wishwell/shared/money';
import { amountForInput } from '@wishwell/shared/money-input';
import { PRICE_NOT_FOUND } from '@wishwell/shared/price-input';

/** Everything the item form edits: ItemInput with every field present. */
export type ItemDraft = Required<ItemInput>;

export function blankItem(overrides: Partial<ItemDraft> = {}): ItemDraft {
  return {
    title: '',
    url: '',
    notes: '',
    description: '',
    quantity: 1,
    priority: 'Medium' satisfies ItemPriority,
    price: '',
    currency: '',
    imageUrl: '',
    isGroupGift: false,
    ...overrides,
  };
}

/** An item opened for editing; 'Price not found' is blanked so the owner can type the price. */
export function draftFromItem(item: Item): ItemDraft {
  return blankItem({
    title: item.title,
    url: item.url,
    notes: item.notes,
    description: item.description,
    quantity: item.quantity,
    priority: item.priority,
    price: item.price === PRICE_NOT_FOUND ? '' : item.price,
    currency: item.currency,
    imageUrl: item.imageUrl,
    isGroupGift: item.isGroupGift,
  });
}

/** A stored or scraped price ('1,299.99') as `locale` types it in the price field ('1299,99' in German); '' when there is none. */
export function priceForInput(price: string, locale: string): string {
  const minor = toMinorUnits(price);
  return minor === null ? '' : amountForInput(minor, locale);
}

export function draftFromScrape(result: ScrapeResult, pastedUrl: string): ItemDraft {
  return blankItem({
    title: result.title,
    url: result.url || pastedUrl,
    // The shop's description has its own field: Notes are the owner's ('size M, not orange').
    description: result.description,
    price: result.price === PRICE_NOT_FOUND ? '' : result.price,
    currency: result.currency,
    imageUrl: result.imageUrl,
  });
}

const WEB_ADDRESS_WITHOUT_SCHEME = /^(([\w-]+\.)+[a-z]{2,}|\d{1,3}(\.\d{1,3}){3})(:\d+)?([/?#]\S*)?$/i;

/** Text that looks like a web address (with or without a scheme, no spaces), as a URL to scrape. */
export function asWebAddress(text: string): string | null {
  const candidate = text.trim();
  if (/^https?:\/\/\S+$/i.test(candidate)) return candidate;
  return WEB_ADDRESS_WITHOUT_SCHEME.test(candidate) ? `https://${candidate}` : null;
}
