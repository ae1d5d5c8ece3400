import { useState } from 'react';
import { Button } from '@blueprintjs/core';
import type { ReferralRule } from '@wishwell/shared/referral-types';
import { AdminPageHeader } from './AdminPageHeader';
import { AdminTable, type AdminColumn } from './AdminTable';
import { ReferralRuleDialog } from './ReferralRuleDialog';
import { RowActions } from './RowActions';
import { useAdminList } from './use-admin-list';
import './admin.css';
import { ConfirmDeleteAlert } from '../ui/ConfirmDeleteAlert';

const COLUMNS: AdminColumn<ReferralRule>[] = [
  { label: 'Matcher', render: (rule) => rule.matcher },
  { label: 'Program Name', render: (rule) => rule.programName },
];

/** /admin/referral-rules: the rules that turn shop links into affiliate links and gift cards. */
export function ReferralRulesPage() {
  const { rows, loading, reload, remove } = useAdminList<ReferralRule>('/referral-rules/all', 'Failed to fetch referral rules');
  const [editing, setEditing] = useState<Partial<ReferralRule> | null>(null);
  const [deleting, setDeleting] = useState<ReferralRule | null>(null);

  const removeRule = async (rule: ReferralRule) => {
    setDeleting(null);
    await remove(`/referral-rules/${rule._id}`, 'Failed to delete rule');
  };

  return (
    <>
      <AdminPageHeader title="Referral Rules">
        <Button intent="primary" icon="plus" text="Add Rule" onClick={() => setEditing({})} />
      </AdminPageHeader>
      <AdminTable
        columns={COLUMNS}
        rows={rows}
        loading={loading}
        emptyText="No referral rules yet."
        actions={(rule) => <RowActions name={rule.matcher} onEdit={() => setEditing(rule)} onDelete={() => setDeleting(rule)} />}
      />
      {editing && <ReferralRuleDialog rule={editing} onSaved={() => void reload()} onClose={() => setEditing(null)} />}
      <ConfirmDeleteAlert isOpen={deleting !== null} onCancel={() => setDeleting(null)} onConfirm={() => deleting && void removeRule(deleting)}>
        <p className="ww-admin-alert-title">Confirm Deletion</p>
        <p>Are you sure you want to delete this item? This action cannot be undone.</p>
      </ConfirmDeleteAlert>
    </>
  );
}
