import type { ReferralRule, ReferralRuleInput } from '@wishwell/shared/referral-types';
import { api } from '../api/client';
import { AdminFormDialog, TextField, useDraft } from './AdminFormDialog';

interface Props {
  /** The rule to edit; one without an _id is created. */
  rule: Partial<ReferralRule>;
  onSaved: () => void;
  onClose: () => void;
}

/** Referral rule create/edit. The spec shows no validation on this form: the server decides. */
export function ReferralRuleDialog({ rule, onSaved, onClose }: Props) {
  const [draft, set] = useDraft(() => ({
    matcher: rule.matcher ?? '',
    programName: rule.programName ?? '',
    referralCode: rule.referralCode ?? '',
    idRegex: rule.idRegex ?? '',
    urlStructure: rule.urlStructure ?? '',
    giftCardUrl: rule.giftCardUrl ?? '',
  }));
  const body = (): ReferralRuleInput => ({ ...draft, matcher: draft.matcher.trim(), giftCardUrl: draft.giftCardUrl.trim() || null });
  const save = () => (rule._id ? api.put('/referral-rules/:id', { params: { id: rule._id }, body: body() }) : api.post('/referral-rules', { body: body() }));

  return (
    <AdminFormDialog noun="Referral Rule" editing={rule._id !== undefined} save={save} failureText="Failed to save rule" onSaved={onSaved} onClose={onClose}>
      <TextField id="rule-matcher" label="Matcher" value={draft.matcher} onChange={set('matcher')} placeholder="amazon.co.uk" />
      <TextField id="rule-program" label="Program Name" value={draft.programName} onChange={set('programName')} placeholder="Amazon Associates" />
      <TextField id="rule-code" label="Your Referral Code" value={draft.referralCode} onChange={set('referralCode')} placeholder="yourtag-21" />
      <TextField id="rule-regex" label="Product ID Regex" value={draft.idRegex} onChange={set('idRegex')} placeholder="/dp/([A-Z0-9]{10})" />
      <TextField id="rule-url" label="URL Structure" value={draft.urlStructure} onChange={set('urlStructure')} placeholder="https://www.amazon.co.uk/dp/{ID}?tag={TAG}" />
      <TextField
        id="rule-gift-card"
        label="Gift Card URL"
        labelInfo="(optional)"
        value={draft.giftCardUrl}
        onChange={set('giftCardUrl')}
        placeholder="https://www.amazon.co.uk/gift-cards?tag={TAG}"
      />
    </AdminFormDialog>
  );
}
