/** 'gone': the shop no longer sells it; '' not known. */
export type Availability = 'in_stock' | 'gone' | '';

/** One good check of an item's shop link. */
export interface PricePoint {
  checkedAt: string;
  /** As the shop showed it ("39.00"), '' when it showed none. */
  price: string;
  currency: string;
  availability: Availability;
}

/** GET /wishlists/{id}/items/{itemId}/prices: an item's price watch for its owner and editors. */
export interface PriceHistory {
  itemId: string;
  /** 'shop': the watch keeps the price current; 'manual': typed by hand, never overwritten. */
  priceSource: 'shop' | 'manual';
  /** Whether the item's link is checked (the item's, the list's and the operator's switches). */
  watching: boolean;
  availability: Availability;
  /** The last check that read a price (the item shows that one). */
  priceSeenAt: string | null;
  /** The last check, good or not. */
  checkedAt: string | null;
  /** Oldest first, at most a year of daily checks. */
  points: PricePoint[];
}
