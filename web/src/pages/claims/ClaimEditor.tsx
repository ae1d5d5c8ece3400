import { useState, type FormEvent } from 'react';
import { Button, FormGroup, InputGroup, NumericInput } from '@blueprintjs/core';
import { useTranslation } from '../../i18n/react';
import { fromMinorUnits, MAX_PLEDGED_MINOR, toMinorUnits } from '@wishwell/shared/money';
import { amountForInput } from '@wishwell/shared/money-input';
import { formatPrice } from '@wishwell/shared/price-format';
import { Link } from '../../app/routing';
import { sharePath, type Claim, type ClaimChangeInput } from '@wishwell/shared/wishlist-types';
import { ApiRequestError } from '../../api/client';
import { useAsyncAction } from '../../ui/use-async-action';
import { useAmountField } from '../../ui/use-amount-field';
import { Sentence } from '../../i18n/Sentence';
import { changeClaim, undoClaim, type ClaimHandle } from './claim-api';
import { ConfirmDeleteAlert } from '../../ui/ConfirmDeleteAlert';
import { ClaimedItem } from './ClaimedItem';

interface Props {
  claim: Claim;
  handle: ClaimHandle;
  onSaved: (claim: Claim) => void;
  onUndone: () => void;
  /** The claim no longer exists (undone elsewhere, or the owner re-listed the item). */
  onGone: () => void;
}

/** One reservation: how many, change it (1 .. own + still wanted) or undo it. */
export function ClaimEditor({ claim, handle, onSaved, onUndone, onGone }: Props) {
  const { t, i18n } = useTranslation();
  const [quantity, setQuantity] = useState(claim.quantityPurchased);
  const [amount, setAmount] = useState(() => amountForInput(toMinorUnits(claim.amount) ?? 0, i18n.language));
  const amountField = useAmountField(amount, { currency: claim.item.currency, maxMinor: MAX_PLEDGED_MINOR });
  const isPledge = claim.kind === 'pledge';
  const money = (value: string) => formatPrice(value, claim.item.currency, i18n.language);
  const { busy, run } = useAsyncAction();
  // Undoing lists the item again for everyone: asked once, as deleting is.
  const [confirming, setConfirming] = useState(false);
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
    if (isPledge && amountField.minor === null) return;
    const body: ClaimChangeInput = isPledge ? { amount: fromMinorUnits(amountField.minor ?? 0) } : { quantityPurchased: Math.min(claim.maxQuantity, Math.max(1, Math.floor(quantity) || 1)) };
    void run(async () => onSaved(await goneAware(() => changeClaim(handle, body))), { success: t('claims.updated'), failure: t('claims.updateFailed') });
  };
  const undo = () =>
    void run(
      async () => {
        await goneAware(() => undoClaim(handle));
        onUndone();
      },
      { success: t('claims.undoneToast'), failure: t('common.error') },
    );

  return (
    <form className="ww-claim-editor" onSubmit={save}>
      <p>
        <Sentence
          i18nKey={isPledge ? 'claims.pledgedOn' : 'claims.reservedOn'}
          values={{ amount: money(claim.amount) }}
          parts={{ item: <ClaimedItem claim={claim} />, list: <Link to={sharePath(claim.list._id)}>{claim.list.name}</Link> }}
        />
      </p>
      {isPledge && (
        <FormGroup
          label={t('pledge.amount')}
          labelFor={`claim-amount-${claim._id}`}
          helperText={amountField.problem ?? (claim.maxAmount ? t('claims.atMost', { amount: money(claim.maxAmount) }) : undefined)}
          intent={amountField.problem ? 'danger' : 'none'}
        >
          <InputGroup id={`claim-amount-${claim._id}`} inputMode="decimal" value={amount} onValueChange={setAmount} />
        </FormGroup>
      )}
      {!isPledge && claim.maxQuantity > 1 && (
        <FormGroup label={t('purchase.quantity')} labelFor={`claim-quantity-${claim._id}`} helperText={t('claims.upTo', { count: claim.maxQuantity })}>
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
        {(isPledge || claim.maxQuantity > 1) && <Button type="submit" intent="primary" icon="floppy-disk" text={t('claims.save')} loading={busy} />}
        <Button variant="outlined" intent="danger" icon="undo" text={isPledge ? t('claims.withdraw') : t('claims.undo')} disabled={busy} onClick={() => setConfirming(true)} />
      </div>
      <ConfirmDeleteAlert
        isOpen={confirming}
        icon="undo"
        confirmText={isPledge ? t('claims.withdraw') : t('claims.undo')}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          undo();
        }}
      >
        {t(isPledge ? 'claims.withdrawConfirm' : 'claims.undoConfirm', { title: claim.item.title })}
      </ConfirmDeleteAlert>
    </form>
  );
}
