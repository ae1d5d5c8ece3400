import { describe, expect, it } from 'vitest';
import { wishlistDisplayStatus } from '../src/wishlist-status';

const now = new Date('2026-06-01T12:00:00Z');
const list = { isDeleted: false, isDisabled: false, expiresAt: null as string | null };

describe('wishlistDisplayStatus', () => {
  it('is Active without flags or expiry, or with a future expiry', () => {
    expect(wishlistDisplayStatus(list, now)).toBe('Active');
    expect(wishlistDisplayStatus({ ...list, expiresAt: '2026-06-01T12:00:01Z' }, now)).toBe('Active');
  });

  it('is Expired once expiresAt is before now', () => {
    expect(wishlistDisplayStatus({ ...list, expiresAt: '2026-06-01T11:59:59Z' }, now)).toBe('Expired');
  });

  it('puts Deleted before Disabled before Expired', () => {
    const past = '2020-01-01T00:00:00Z';
    expect(wishlistDisplayStatus({ isDeleted: true, isDisabled: true, expiresAt: past }, now)).toBe('Deleted');
    expect(wishlistDisplayStatus({ isDeleted: false, isDisabled: true, expiresAt: past }, now)).toBe('Disabled');
  });
});
