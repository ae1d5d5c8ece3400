import { describe, expect, it } from 'vitest';
import type { Item } from '@wishwell/shared/wishlist-types';
import { asWebAddress, blankItem, draftFromItem, draftFromScrape } from '../../src/pages/wishlists/item-draft';
import { offersGroupGift } from '../../src/pages/wishlists/referral-rules';

describe('asWebAddress (the Add Item box)', () => {
  it('takes links with or without a scheme', () => {
    expect(asWebAddress(' https://shop.example/p?id=1 ')).toBe('https://shop.example/p?id=1');
    expect(asWebAddress('www.amazon.co.uk/dp/B0001')).toBe('https://www.amazon.co.uk/dp/B0001');
    expect(asWebAddress('127.0.0.1:8080/item')).toBe('https://127.0.0.1:8080/item');
  });

  it('leaves gift ideas, numbers and abbreviations as titles', () => {
    for (const text of ['Lego castle', 'e.g', '1.5', 'size 10.5 shoes', '', 'ftp://files.example/x']) expect(asWebAddress(text)).toBeNull();
  });
});

describe('item form drafts', () => {
  it('defaults to quantity 1 and priority Medium', () => {
    expect(blankItem()).toMatchObject({ quantity: 1, priority: 'Medium', title: '', isGroupGift: false });
  });

  it("blanks 'Price not found' when editing and when a scrape found no price", () => {
    const item = { title: 'Kite', price: 'Price not found', currency: 'GBP', quantity: 2 } as Item;
    expect(draftFromItem(item)).toMatchObject({ title: 'Kite', price: '', quantity: 2 });
    const scraped = { title: '', price: 'Price not found', priceIsRange: false, currency: '', imageUrl: '', description: 'd', url: '', referralProgram: null, giftCardUrl: null };
    expect(draftFromScrape(scraped, 'https://shop.example/x')).toMatchObject({ price: '', url: 'https://shop.example/x' });
  });

  it("puts the shop's description in its own field, never in the owner's notes", () => {
    const scraped = { title: 'Lamp', price: '15.99', priceIsRange: false, currency: 'GBP', imageUrl: '', description: 'A warm brass lamp.', url: '', referralProgram: null, giftCardUrl: null };
    expect(draftFromScrape(scraped, 'https://shop.example/lamp')).toMatchObject({ description: 'A warm brass lamp.', notes: '' });
  });
});

describe('offersGroupGift', () => {
  const rules = [
    { _id: '1', matcher: 'giftshop.example', programName: 'Gift', hasGiftCard: true },
    { _id: '2', matcher: 'plainshop.example', programName: 'Plain', hasGiftCard: false },
  ];

  it('offers the checkbox only for hosts whose rule has a gift card', () => {
    expect(offersGroupGift('https://www.giftshop.example/p/1', rules)).toBe(true);
    expect(offersGroupGift('https://plainshop.example/p/1', rules)).toBe(false);
    expect(offersGroupGift('https://elsewhere.example/p/1', rules)).toBe(false);
    expect(offersGroupGift('', rules)).toBe(false);
  });
});
