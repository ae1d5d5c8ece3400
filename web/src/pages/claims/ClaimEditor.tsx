import { useState, type FormEvent } from 'react';
import { Button, FormGroup, InputGroup, NumericInput } from '@blueprintjs/core';
import { formatPrice } from '@wishwell/shared/price-format';
import { Link } from 'react-router';
import { sharePath, type Claim, type ClaimChangeInput } from '@wishwell/shared/wishlist-types';
import { api, ApiRequestError } from '../../api/client';
import { useAsyncAction } from '../../ui/use-async-action';

interface Props {
  claim: Claim;
  /** Where the claim is changed (PUT) and undone (DELETE): /claims/{token} or /reservations/{id}. */
  path: string;
  onSaved: (claim: Claim) => void;
  onUndone: () => void;
  /** The claim no longer exists (undone elsewhere, or the owner re-listed the item). */
  onGone: () => void;
}

/** One reservation: how many, change it (1 .. own + still wanted) or undo it. */
export function ClaimEditor({ claim, path, onSaved, onUndone, onGone }: Props) {
  const [quantity, setQuantity] = useState(claim.quantityPurchased);
  const [amount, setAmount] = useState(claim.amount);
  const isPledge = claim.kind === 'pledge';
  const money = (value: string) => formatPrice(value, claim.item.currency);
  const { busy, run } = useAsyncAction();
  const goneAware = async <T,>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 404) onGone();
      throw error;
    }
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    const body: ClaimChangeInput = isPledge ? { amount: amount.trim() } : { quantityPurchased: Math.min(claim.maxQuantity, Math.max(1, Math.floor(quantity) || 1)) };
    void run(async () => onSaved(await goneAware(() => api.put<Claim>(path, body))), { success: 'Reservation updated.', failure: 'Update failed' });
  };
  const undo = () =>
    void run(
      async () => {
        await goneAware(() => api.delete(path));
        onUndone();
      },
      { success: 'Reservation undone — the item is listed again.', failure: 'An error occurred' },
    );

  return (
    <form className="ww-claim-editor" onSubmit={save}>
      <p>
        {isPledge ? `You pledged ${money(claim.amount)} towards ` : 'You reserved '}
        <strong>{claim.quantityPurchased > 1 ? `${claim.quantityPurchased} × ` : ''}{claim.item.title}</strong> on{' '}
        <Link to={sharePath(claim.list._id)}>{claim.list.name}</Link>.
      </p>
      {isPledge && (
        <FormGroup
          label="Amount"
          labelFor={`claim-amount-${claim._id}`}
          helperText={claim.maxAmount ? `At most ${money(claim.maxAmount)}` : undefined}
        >
          <InputGroup id={`claim-amount-${claim._id}`} inputMode="decimal" value={amount} onValueChange={setAmount} />
        </FormGroup>
      )}
      {!isPledge && claim.maxQuantity > 1 && (
        <FormGroup label="Quantity" labelFor={`claim-quantity-${claim._id}`} helperText={`You can give up to ${claim.maxQuantity}`}>
          <NumericInput
            id={`claim-quantity-${claim._id}`}
            min={1}
            max={claim.maxQuantity}
            minorStepSize={null}
            clampValueOnBlur
            value={quantity}
            onValueChange={setQuantity}
          />
        </FormGroup>
      )}
      <div className="ww-claim-actions">
        {(isPledge || claim.maxQuantity > 1) && <Button type="submit" intent="primary" icon="floppy-disk" text="Save Change" loading={busy} />}
        <Button variant="outlined" intent="danger" icon="undo" text={isPledge ? 'Withdraw Pledge' : 'Undo Reservation'} disabled={busy} onClick={undo} />
      </div>
    </form>
  );
}
