/** Request validation for the wish list API (the shapes of shared/src/wishlist-types.ts). */
import { t } from 'elysia';
import { COLOR_SETS, ITEM_PRIORITIES, WISHLIST_THEMES } from '@wishwell/shared/constants';
import { TEXT_LIMITS } from '@wishwell/shared/text-limits';
import { MAX_BULK_ITEMS } from '@wishwell/shared/list-transfer-types';
import { oneOf, requiredText, schemaError } from '../../validation/schemas';
import { part, type ErrorPartKey } from '../../domain/errors';

const theme = oneOf(WISHLIST_THEMES, 'theme');
const colorSet = oneOf(COLOR_SETS, 'colourSet');
const priority = oneOf(ITEM_PRIORITIES, 'priority');
const text = (maxLength: number, what: ErrorPartKey) => t.String({ maxLength, error: schemaError('atMostCharacters', { what: part(what), max: maxLength }) });
const name = requiredText(TEXT_LIMITS.listName, 'listName');

export const idParams = t.Object({ id: t.String() });
export const itemParams = t.Object({ id: t.String(), itemId: t.String() });
export const editorParams = t.Object({ id: t.String(), editorId: t.String() });
export const invitationParams = t.Object({ id: t.String(), invitationId: t.String({ maxLength: 64 }) });
export const tokenParams = t.Object({ token: t.String({ maxLength: 128 }) });
export const claimIdParams = t.Object({ id: t.String({ maxLength: 100 }) });

export const guestWishlistBody = t.Object({ name, theme });

export const wishlistBody = t.Object({
  name,
  description: t.Optional(text(TEXT_LIMITS.listDescription, 'description')),
  theme: t.Optional(theme),
  isRecurring: t.Optional(t.Boolean()),
  eventDate: t.Optional(t.Nullable(t.String({ maxLength: 40 }))),
  expiresAt: t.Optional(t.Nullable(t.String({ maxLength: 40 }))),
  coverImage: t.Optional(t.Nullable(text(2048, 'coverImageAddress'))),
  colorSet: t.Optional(colorSet),
  surpriseUntil: t.Optional(t.Nullable(t.String({ maxLength: 40 }))),
  editorsSeeClaims: t.Optional(t.Boolean()),
  allowOverPledge: t.Optional(t.Boolean()),
});

const quantity = t.Integer({ minimum: 1, maximum: 100_000, error: schemaError('quantity') });

export const itemBody = t.Object({
  title: requiredText(TEXT_LIMITS.itemTitle, 'itemTitle'),
  url: t.Optional(text(2048, 'productAddress')),
  notes: t.Optional(text(TEXT_LIMITS.itemNotes, 'notes')),
  // The shop's product description, kept apart from the owner's notes ('size M, not orange').
  description: t.Optional(text(TEXT_LIMITS.itemDescription, 'description')),
  quantity: t.Optional(quantity),
  priority: t.Optional(priority),
  // An amount as the caller writes it ('12,50 €'), or 'Price not found' (the scraper's word):
  // itemColumns reads it in the caller's language and the item's currency.
  price: t.Optional(t.String({ maxLength: 100, error: schemaError('price') })),
  currency: t.Optional(t.String({ maxLength: 3, pattern: '^([A-Za-z]{3})?$', error: schemaError('currency') })),
  imageUrl: t.Optional(text(2048, 'imageAddress')),
  isGroupGift: t.Optional(t.Boolean()),
});

export const bulkItemsBody = t.Object({
  items: t.Array(itemBody, { minItems: 1, maxItems: MAX_BULK_ITEMS, error: schemaError('bulkTooMany', { max: MAX_BULK_ITEMS }) }),
});

export const itemOrderBody = t.Object({
  itemIds: t.Array(t.String({ maxLength: 64 }), { maxItems: 10_000, error: schemaError('itemOrderNotTheList') }),
});

export const purchaseBody = t.Object({
  purchasedBy: t.Optional(text(TEXT_LIMITS.guestName, 'yourName')),
  quantityPurchased: quantity,
  email: t.Optional(text(254, 'emailAddress')),
});

const amount = t.String({ maxLength: 20, error: schemaError('plainAmount') });

export const pledgeBody = t.Object({
  amount,
  name: t.Optional(text(TEXT_LIMITS.guestName, 'yourName')),
  email: t.Optional(text(254, 'emailAddress')),
});

// A browser keeps a manage token per reservation it made; a list's worth fits well under this.
export const heldClaimsBody = t.Object({ tokens: t.Array(t.String({ maxLength: 128 }), { maxItems: 100 }) });

export const claimChangeBody = t.Object({ quantityPurchased: t.Optional(quantity), amount: t.Optional(amount) });

export const moveCopyBody = t.Object({
  sourceListId: t.String(),
  itemId: t.String(),
  destinationListId: t.String(),
  action: oneOf(['move', 'copy'], 'action'),
});

export const shareByEmailBody = t.Object({
  recipients: t.String({ maxLength: 5000 }),
  message: t.Optional(text(2000, 'message')),
  domain: t.String({ maxLength: 253 }),
});

export const addEditorBody = t.Object({ email: t.String({ maxLength: 320 }) });
