import { useState } from 'react';
import { FormGroup, NumericInput } from '@blueprintjs/core';
import { useTranslation } from '../../i18n/react';
import type { PurchaseInput, SharedItem } from '@wishwell/shared/wishlist-types';
import { api, ApiRequestError } from '../../api/client';
import { rememberClaim } from '../claims/guest-claims';
import { GuestClaimDialog, GuestContactFields } from './GuestClaimDialog';
import { useBuyerContact } from './BuyerContact';

/** How marking went: bought, beaten to it by another guest (409), or failed otherwise. */
export type PurchaseOutcome = 'bought' | 'sold-out' | 'failed';

interface Props {
  wishlistId: string;
  item: SharedItem;
  onClose: () => void;
  /** Called after the attempt, whatever its outcome: the list is reloaded either way. */
  onDone: (outcome: PurchaseOutcome) => void;
}

export const remainingOf = (item: SharedItem) => Math.max(0, item.quantity - item.quantityPurchased);

/** Marks the item; the claim's manage token is remembered here (guestClaims) so the guest can change or undo it. */
async function markPurchased(wishlistId: string, item: SharedItem, body: PurchaseInput): Promise<PurchaseOutcome> {
  try {
    const { claim } = await api.put('/wishlists/share/:id/items/:itemId', { params: { id: wishlistId, itemId: item._id }, body });
    rememberClaim({ token: claim.token, listId: wishlistId, itemId: item._id, title: item.title, quantity: body.quantityPurchased, kind: 'purchase' });
    return 'bought';
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 409) return 'sold-out';
    console.error('Could not mark the item as purchased', error); // spec: only logged; the reload shows what is left
    return 'failed';
  }
}

/** Mark as Purchased: an optional name, and a quantity only when more than one is still wanted. */
export function PurchaseDialog({ wishlistId, item, onClose, onDone }: Props) {
  const { t } = useTranslation();
  const remaining = remainingOf(item);
  const contact = useBuyerContact();
  const [quantity, setQuantity] = useState(1);
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    if (saving) return;
    setSaving(true);
    const quantityPurchased = Math.min(remaining, Math.max(1, Math.floor(quantity) || 1));
    const outcome = await markPurchased(wishlistId, item, { purchasedBy: contact.name.trim(), quantityPurchased, email: contact.claimEmail });
    onClose();
    onDone(outcome);
  };

  return (
    <GuestClaimDialog title={t('share.markPurchased')} introKey="purchase.intro" itemTitle={item.title} submitText={t('share.markPurchased')} busy={saving} onSubmit={() => void submit()} onClose={onClose}>
      <GuestContactFields idPrefix="purchase" contact={contact} autoFocus />
      {remaining > 1 && (
        <FormGroup label={t('purchase.quantity')} labelFor="purchase-quantity" helperText={t('purchase.stillWanted', { count: remaining })}>
          <NumericInput id="purchase-quantity" min={1} max={remaining} minorStepSize={null} clampValueOnBlur value={quantity} onValueChange={setQuantity} />
        </FormGroup>
      )}
    </GuestClaimDialog>
  );
}
