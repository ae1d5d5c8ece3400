import type { ReferralRule } from '@wishwell/shared/referral-types';
import { api } from '../api/client';
import { AdminCollectionPage } from './AdminCollectionPage';
import type { AdminText } from './admin-text';
import type { AdminColumn } from './AdminTable';
import { ReferralRuleDialog } from './ReferralRuleDialog';

const columns = (t: AdminText): AdminColumn<ReferralRule>[] => [
  { label: t('columns.matcher'), render: (rule) => rule.matcher },
  { label: t('columns.programName'), render: (rule) => rule.programName },
];

const loadRules = () => api.get('/referral-rules/all');

/** /admin/referral-rules: the rules that turn shop links into affiliate links and gift cards. */
export function ReferralRulesPage() {
  return (
    <AdminCollectionPage texts="referralRules" titleKey="pages.referralRules" columns={columns} load={loadRules} failureLog="Failed to fetch referral rules"
      nameOf={(rule) => rule.matcher} itemPath="/referral-rules/:id" Dialog={ReferralRuleDialog} />
  );
}
