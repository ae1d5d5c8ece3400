import { useState, type FormEvent } from 'react';
import { Dialog, DialogBody, FormGroup, InputGroup, NumericInput } from '@blueprintjs/core';
import type { PurchaseInput, SharedItem } from '@wishwell/shared/wishlist-types';
import { api } from '../../api/client';
import { FormDialogFooter } from '../../ui/FormDialogFooter';

interface Props {
  wishlistId: string;
  item: SharedItem;
  onClose: () => void;
  /** Called after the attempt, successful or not: the list is reloaded either way. */
  onDone: () => void;
}

export const remainingOf = (item: SharedItem) => Math.max(0, item.quantity - item.quantityPurchased);

/** Mark as Purchased: an optional name, and a quantity only when more than one is still wanted. */
export function PurchaseDialog({ wishlistId, item, onClose, onDone }: Props) {
  const remaining = remainingOf(item);
  const [purchasedBy, setPurchasedBy] = useState('');
  const [quantity, setQuantity] = useState(1);
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    try {
      const body: PurchaseInput = { purchasedBy: purchasedBy.trim(), quantityPurchased: Math.min(remaining, Math.max(1, Math.floor(quantity) || 1)) };
      await api.put(`/wishlists/share/${wishlistId}/items/${item._id}`, body);
    } catch (error) {
      console.error('Could not mark the item as purchased', error); // spec: only logged; the reload shows what is left
    } finally {
      setSaving(false);
      onClose();
      onDone();
    }
  };

  return (
    <Dialog isOpen onClose={onClose} title="Mark as Purchased" className="ww-dialog">
      <form onSubmit={submit}>
        <DialogBody>
          <p>
            Bought <strong>{item.title}</strong>? Mark it so nobody else buys it. The list owner will not see it unless they choose to.
          </p>
          <FormGroup label="Your name" labelFor="purchase-name" labelInfo="(optional)">
            <InputGroup id="purchase-name" autoFocus value={purchasedBy} onValueChange={setPurchasedBy} placeholder="Anonymous" />
          </FormGroup>
          {remaining > 1 && (
            <FormGroup label="Quantity" labelFor="purchase-quantity" helperText={`${remaining} still wanted`}>
              <NumericInput id="purchase-quantity" min={1} max={remaining} minorStepSize={null} clampValueOnBlur value={quantity} onValueChange={setQuantity} />
            </FormGroup>
          )}
        </DialogBody>
        <FormDialogFooter onCancel={onClose} submitText="Mark as Purchased" busy={saving} intent="success" />
      </form>
    </Dialog>
  );
}
