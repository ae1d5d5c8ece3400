import { useState } from 'react';
import { Button } from '@blueprintjs/core';
import type { ReferralRule } from '@wishwell/shared/referral-types';
import { api } from '../api/client';
import { useAdminDeleteAlert } from './AdminDeleteAlert';
import { useAdminText, type AdminText } from './admin-text';
import { AdminPageHeader } from './AdminPageHeader';
import { AdminTable, type AdminColumn } from './AdminTable';
import { ReferralRuleDialog } from './ReferralRuleDialog';
import { RowActions } from './RowActions';
import { useAdminList } from './use-admin-list';
import './admin.css';

const columns = (t: AdminText): AdminColumn<ReferralRule>[] => [
  { label: t('columns.matcher'), render: (rule) => rule.matcher },
  { label: t('columns.programName'), render: (rule) => rule.programName },
];

const loadRules = () => api.get('/referral-rules/all');

/** /admin/referral-rules: the rules that turn shop links into affiliate links and gift cards. */
export function ReferralRulesPage() {
  const t = useAdminText();
  const { rows, loading, reload, remove } = useAdminList(loadRules, 'Failed to fetch referral rules');
  const [editing, setEditing] = useState<Partial<ReferralRule> | null>(null);
  const deletion = useAdminDeleteAlert<ReferralRule>((rule) => remove(() => api.delete('/referral-rules/:id', { params: { id: rule._id }, withoutToken: true }), t('referralRules.deleteFailed')));

  return (
    <>
      <AdminPageHeader title={t('pages.referralRules')}>
        <Button intent="primary" icon="plus" text={t('referralRules.add')} onClick={() => setEditing({})} />
      </AdminPageHeader>
      <AdminTable
        columns={columns(t)}
        rows={rows}
        loading={loading}
        emptyText={t('referralRules.none')}
        actions={(rule) => <RowActions name={rule.matcher} onEdit={() => setEditing(rule)} onDelete={() => deletion.ask(rule)} />}
      />
      {editing && <ReferralRuleDialog rule={editing} onSaved={() => void reload()} onClose={() => setEditing(null)} />}
      {deletion.alert}
    </>
  );
}
