import { useState, type FormEvent } from 'react';
import { Dialog, DialogBody, FormGroup, InputGroup } from '@blueprintjs/core';
import { toMinorUnits } from '@wishwell/shared/money';
import type { PledgeInput, PurchaseResult, SharedItem } from '@wishwell/shared/wishlist-types';
import { api, errorMessage } from '../../api/client';
import { notify } from '../../notifications/notify';
import { FormDialogFooter } from '../../ui/FormDialogFooter';
import { rememberClaim } from '../claims/guest-claims';

interface Props {
  wishlistId: string;
  item: SharedItem;
  onClose: () => void;
  /** After a pledge went in: the list is reloaded. */
  onPledged: () => void;
}

/** Pledge towards a group gift: an amount, and optionally a name and an e-mail for the manage link. */
export function PledgeDialog({ wishlistId, item, onClose, onPledged }: Props) {
  const [amount, setAmount] = useState('');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [saving, setSaving] = useState(false);
  const valid = (toMinorUnits(amount) ?? 0) > 0;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving || !valid) return;
    setSaving(true);
    const body: PledgeInput = { amount: amount.trim(), name: name.trim(), email: email.trim() || undefined };
    try {
      const { claim } = await api.post<PurchaseResult>(`/wishlists/share/${wishlistId}/items/${item._id}/pledges`, body);
      rememberClaim({ token: claim.token, listId: wishlistId, itemId: item._id, title: item.title, quantity: 0 });
      notify('Thank you — your pledge is in. Use the gift card link to pay.', 'success');
      onClose();
      onPledged();
    } catch (error) {
      notify(errorMessage(error, 'An error occurred'), 'error');
      setSaving(false);
    }
  };

  return (
    <Dialog isOpen onClose={onClose} title="Pledge towards this gift" className="ww-dialog">
      <form onSubmit={submit}>
        <DialogBody>
          <p>
            Chip in towards <strong>{item.title}</strong> with others. Pay with the gift card link once you have pledged.
          </p>
          <FormGroup label="Amount" labelFor="pledge-amount" labelInfo="(required)" helperText="For example 10 or 12.50">
            <InputGroup id="pledge-amount" autoFocus inputMode="decimal" value={amount} onValueChange={setAmount} />
          </FormGroup>
          <FormGroup label="Your name" labelFor="pledge-name" labelInfo="(optional)">
            <InputGroup id="pledge-name" value={name} onValueChange={setName} placeholder="Anonymous" />
          </FormGroup>
          <FormGroup label="Your e-mail" labelFor="pledge-email" labelInfo="(optional)" helperText="send me a link to change this later">
            <InputGroup id="pledge-email" type="email" value={email} onValueChange={setEmail} placeholder="you@example.com" />
          </FormGroup>
        </DialogBody>
        <FormDialogFooter onCancel={onClose} submitText="Pledge" busy={saving} disabled={!valid} intent="success" />
      </form>
    </Dialog>
  );
}
