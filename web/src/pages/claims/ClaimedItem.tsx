import type { Claim } from '@wishwell/shared/wishlist-types';

/** The reserved item in bold, with how many when more than one ('2 × Lego'). */
export function ClaimedItem({ claim }: { claim: Claim }) {
  return (
    <strong>
      {claim.quantityPurchased > 1 ? `${claim.quantityPurchased} × ` : ''}
      {claim.item.title}
    </strong>
  );
}
