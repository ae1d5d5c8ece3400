import { useState } from 'react';
import { FormGroup, InputGroup } from '@blueprintjs/core';
import { useTranslation } from '../../i18n/react';
import { fromMinorUnits, MAX_PLEDGED_MINOR } from '@wishwell/shared/money';
import type { PledgeInput, SharedItem } from '@wishwell/shared/wishlist-types';
import { api, errorMessage } from '../../api/client';
import { notify } from '../../notifications/notify';
import { useAmountField } from '../../ui/use-amount-field';
import { rememberClaim } from '../claims/guest-claims';
import { GuestClaimDialog, GuestContactFields } from './GuestClaimDialog';
import { PledgeProgress } from './PledgeProgress';
import { useBuyerContact } from './BuyerContact';

interface Props {
  wishlistId: string;
  item: SharedItem;
  /** The list's currency, for items priced without one. */
  currency: string;
  onClose: () => void;
  /** After a pledge went in: the list is reloaded. */
  onPledged: () => void;
}

/** Pledge towards a group gift: an amount, and optionally a name and an e-mail for the manage link. */
export function PledgeDialog({ wishlistId, item, currency, onClose, onPledged }: Props) {
  const { t } = useTranslation();
  const [amount, setAmount] = useState('');
  const contact = useBuyerContact();
  const [saving, setSaving] = useState(false);
  const amountField = useAmountField(amount, { currency: item.currency || currency, maxMinor: MAX_PLEDGED_MINOR });
  const valid = (amountField.minor ?? 0) > 0;

  const submit = async () => {
    if (saving || !valid || amountField.minor === null) return;
    setSaving(true);
    const body: PledgeInput = { amount: fromMinorUnits(amountField.minor), name: contact.name.trim(), email: contact.claimEmail };
    try {
      const { claim } = await api.post('/wishlists/share/:id/items/:itemId/pledges', { params: { id: wishlistId, itemId: item._id }, body });
      rememberClaim({ token: claim.token, listId: wishlistId, itemId: item._id, title: item.title, quantity: 0, kind: 'pledge', amount: body.amount });
      notify(t('pledge.thanks'), 'success');
      onClose();
      onPledged();
    } catch (error) {
      notify(errorMessage(error, t('common.error')), 'error');
      setSaving(false);
    }
  };

  return (
    <GuestClaimDialog title={t('pledge.title')} introKey="pledge.intro" itemTitle={item.title} submitText={t('share.pledge')} busy={saving} disabled={!valid} onSubmit={() => void submit()} onClose={onClose}>
      <PledgeProgress item={item} currency={currency} />
      <FormGroup
        label={t('pledge.amount')}
        labelFor="pledge-amount"
        labelInfo={t('common.required')}
        helperText={amountField.problem ?? amountField.help}
        intent={amountField.problem ? 'danger' : 'none'}
      >
        <InputGroup id="pledge-amount" autoFocus inputMode="decimal" value={amount} onValueChange={setAmount} intent={amountField.problem ? 'danger' : 'none'} aria-invalid={Boolean(amountField.problem)} />
      </FormGroup>
      <GuestContactFields idPrefix="pledge" contact={contact} />
    </GuestClaimDialog>
  );
}
