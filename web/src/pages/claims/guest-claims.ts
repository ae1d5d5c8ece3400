import { GUEST_CLAIMS_STORAGE_KEY } from '@wishwell/shared/constants';
import type { HeldClaim } from '@wishwell/shared/wishlist-types';

/** A purchase mark this browser made, kept so the guest can change or undo it (local storage `guestClaims`). */
export interface GuestClaim {
  token: string;
  listId: string;
  itemId: string;
  title: string;
  quantity: number;
  /** A pledge towards a group gift (claims kept before this was stored: quantity 0). */
  kind?: 'purchase' | 'pledge';
  /** A pledge's amount ('120.00'), as the server last answered it. */
  amount?: string;
}

export const isPledge = (claim: GuestClaim) => (claim.kind ?? (claim.quantity === 0 ? 'pledge' : 'purchase')) === 'pledge';

function isGuestClaim(value: unknown): value is GuestClaim {
  const claim = value as GuestClaim;
  return typeof claim?.token === 'string' && typeof claim.listId === 'string' && typeof claim.itemId === 'string' && typeof claim.title === 'string';
}

export function rememberedClaims(): GuestClaim[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(GUEST_CLAIMS_STORAGE_KEY) ?? '[]');
    return Array.isArray(stored) ? stored.filter(isGuestClaim) : [];
  } catch {
    return [];
  }
}

function store(claims: GuestClaim[]): void {
  localStorage.setItem(GUEST_CLAIMS_STORAGE_KEY, JSON.stringify(claims));
}

export function rememberClaim(claim: GuestClaim): void {
  store([...rememberedClaims().filter((kept) => kept.token !== claim.token), claim]);
}

/** The claim was changed (through this browser or the mail link): keep the quantity shown here right. */
export function updateRememberedClaim(token: string, quantity: number): void {
  store(rememberedClaims().map((kept) => (kept.token === token ? { ...kept, quantity } : kept)));
}

/** Undone, or gone (re-listed, list deleted): nothing left to manage. */
export function forgetClaim(token: string): void {
  store(rememberedClaims().filter((kept) => kept.token !== token));
}

/**
 * What the server answered for the tokens `asked` (the list's claims this browser keeps): those it
 * answered are kept as they are now, the others were undone or re-listed elsewhere and go.
 */
export function keepStanding(asked: string[], standing: HeldClaim[]): void {
  const now = new Map(standing.map((claim) => [claim.token, claim]));
  const askedTokens = new Set(asked);
  store(
    rememberedClaims().flatMap((kept) => {
      if (!askedTokens.has(kept.token)) return [kept];
      const claim = now.get(kept.token);
      return claim ? [{ ...kept, title: claim.item.title, quantity: claim.quantityPurchased, kind: claim.kind, amount: claim.amount }] : [];
    }),
  );
}
