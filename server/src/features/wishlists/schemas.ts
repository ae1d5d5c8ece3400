/** Request validation for the wish list API (the shapes of shared/src/wishlist-types.ts). */
import { t } from 'elysia';
import { COLOR_SETS, ITEM_PRIORITIES, WISHLIST_THEMES } from '@wishwell/shared/constants';
import { PRICE_TEXT_PATTERN } from '@wishwell/shared/price-input';
import { oneOf } from '../../validation/schemas';
import { englishText } from '../../domain/errors';

const theme = oneOf(WISHLIST_THEMES, 'Theme');
const colorSet = oneOf(COLOR_SETS, 'Colour set');
const priority = oneOf(ITEM_PRIORITIES, 'Priority');
const text = (maxLength: number, what: string) => t.String({ maxLength, error: `${what} must be at most ${maxLength} characters.` });
const name = t.String({ minLength: 1, maxLength: 200, pattern: '\\S', error: 'Please give the wishlist a name (up to 200 characters).' });

export const idParams = t.Object({ id: t.String() });
export const itemParams = t.Object({ id: t.String(), itemId: t.String() });
export const editorParams = t.Object({ id: t.String(), editorId: t.String() });
export const invitationParams = t.Object({ id: t.String(), invitationId: t.String({ maxLength: 64 }) });
export const tokenParams = t.Object({ token: t.String({ maxLength: 128 }) });
export const claimIdParams = t.Object({ id: t.String({ maxLength: 100 }) });

export const guestWishlistBody = t.Object({ name, theme });

export const wishlistBody = t.Object({
  name,
  description: t.Optional(text(5000, 'The description')),
  theme: t.Optional(theme),
  isRecurring: t.Optional(t.Boolean()),
  eventDate: t.Optional(t.Nullable(t.String({ maxLength: 40 }))),
  expiresAt: t.Optional(t.Nullable(t.String({ maxLength: 40 }))),
  coverImage: t.Optional(t.Nullable(text(2048, 'The cover image address'))),
  colorSet: t.Optional(colorSet),
  surpriseUntil: t.Optional(t.Nullable(t.String({ maxLength: 40 }))),
  editorsSeeClaims: t.Optional(t.Boolean()),
  allowOverPledge: t.Optional(t.Boolean()),
});

const quantity = t.Integer({ minimum: 1, maximum: 100_000, error: 'Quantity must be a whole number of at least 1.' });

export const itemBody = t.Object({
  title: t.String({ minLength: 1, maxLength: 500, pattern: '\\S', error: 'Please give the item a title (up to 500 characters).' }),
  url: t.Optional(text(2048, 'The product address')),
  notes: t.Optional(text(5000, 'The notes')),
  // The shop's product description, kept apart from the owner's notes ('size M, not orange').
  description: t.Optional(text(2000, 'The description')),
  quantity: t.Optional(quantity),
  priority: t.Optional(priority),
  // 'Price not found' (the scraper's word) is the only text that is not an amount; itemColumns reads
  // the amount in the caller's language.
  price: t.Optional(
    t.String({ maxLength: 100, pattern: PRICE_TEXT_PATTERN, error: englishText('price') }),
  ),
  currency: t.Optional(t.String({ maxLength: 3, pattern: '^([A-Za-z]{3})?$', error: 'Currency must be a three-letter code such as GBP.' })),
  imageUrl: t.Optional(text(2048, 'The image address')),
  isGroupGift: t.Optional(t.Boolean()),
});

export const purchaseBody = t.Object({
  purchasedBy: t.Optional(text(100, 'Your name')),
  quantityPurchased: quantity,
  email: t.Optional(text(254, 'The e-mail address')),
});

const amount = t.String({ maxLength: 20, error: 'The amount must be a plain amount such as 10 or 12.50.' });

export const pledgeBody = t.Object({
  amount,
  name: t.Optional(text(100, 'Your name')),
  email: t.Optional(text(254, 'The e-mail address')),
});

// A browser keeps a manage token per reservation it made; a list's worth fits well under this.
export const heldClaimsBody = t.Object({ tokens: t.Array(t.String({ maxLength: 128 }), { maxItems: 100 }) });

export const claimChangeBody = t.Object({ quantityPurchased: t.Optional(quantity), amount: t.Optional(amount) });

export const moveCopyBody = t.Object({
  sourceListId: t.String(),
  itemId: t.String(),
  destinationListId: t.String(),
  action: oneOf(['move', 'copy'], 'Action'),
});

export const shareByEmailBody = t.Object({
  recipients: t.String({ maxLength: 5000 }),
  message: t.Optional(text(2000, 'The message')),
  domain: t.String({ maxLength: 253 }),
});

export const addEditorBody = t.Object({ email: t.String({ maxLength: 320 }) });
