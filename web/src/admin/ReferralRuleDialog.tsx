import type { ReferralRule, ReferralRuleInput } from '@wishwell/shared/referral-types';
import { api } from '../api/client';
import { AdminFormDialog, draftOf, TextField, useDraft, type AdminDialogProps } from './AdminFormDialog';
import { useAdminText } from './admin-text';

const BLANK_RULE = { matcher: '', programName: '', referralCode: '', idRegex: '', urlStructure: '', giftCardUrl: '' };

/** Referral rule create/edit. The spec shows no validation on this form: the server decides. */
export function ReferralRuleDialog({ row: rule, onSaved, onClose }: AdminDialogProps<ReferralRule>) {
  const t = useAdminText();
  const [draft, set] = useDraft(() => draftOf(BLANK_RULE, rule));
  const body = (): ReferralRuleInput => ({ ...draft, matcher: draft.matcher.trim(), giftCardUrl: draft.giftCardUrl.trim() || null });
  const save = () => (rule._id ? api.put('/referral-rules/:id', { params: { id: rule._id }, body: body() }) : api.post('/referral-rules', { body: body() }));

  return (
    <AdminFormDialog texts="referralRules" editing={rule._id !== undefined} save={save} onSaved={onSaved} onClose={onClose}>
      <TextField id="rule-matcher" label={t('referralRules.matcher')} value={draft.matcher} onChange={set('matcher')} example="amazon.co.uk" />
      <TextField id="rule-program" label={t('referralRules.programName')} value={draft.programName} onChange={set('programName')} example="Amazon Associates" />
      <TextField id="rule-code" label={t('referralRules.referralCode')} value={draft.referralCode} onChange={set('referralCode')} example="yourtag-21" />
      <TextField id="rule-regex" label={t('referralRules.idRegex')} value={draft.idRegex} onChange={set('idRegex')} example="/dp/([A-Z0-9]{10})" />
      <TextField id="rule-url" label={t('referralRules.urlStructure')} value={draft.urlStructure} onChange={set('urlStructure')} example="https://www.amazon.co.uk/dp/{ID}?tag={TAG}" />
      <TextField
        id="rule-gift-card"
        label={t('referralRules.giftCardUrl')}
        labelInfo={t('common.optional')}
        value={draft.giftCardUrl}
        onChange={set('giftCardUrl')}
        example="https://www.amazon.co.uk/gift-cards?tag={TAG}"
      />
    </AdminFormDialog>
  );
}
