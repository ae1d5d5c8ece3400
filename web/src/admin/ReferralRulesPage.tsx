import { useState } from 'react';
import { Alert, Button } from '@blueprintjs/core';
import type { ReferralRule } from '@wishwell/shared/referral-types';
import { api, errorMessage } from '../api/client';
import { notify } from '../notifications/notify';
import { AdminPageHeader } from './AdminPageHeader';
import { AdminTable, type AdminColumn } from './AdminTable';
import { ReferralRuleDialog } from './ReferralRuleDialog';
import { RowActions } from './RowActions';
import { useAdminList } from './use-admin-list';
import './admin.css';

const COLUMNS: AdminColumn<ReferralRule>[] = [
  { label: 'Matcher', render: (rule) => rule.matcher },
  { label: 'Program Name', render: (rule) => rule.programName },
];

/** /admin/referral-rules: the rules that turn shop links into affiliate links and gift cards. */
export function ReferralRulesPage() {
  const { rows, loading, reload } = useAdminList<ReferralRule>('/referral-rules/all', 'Failed to fetch referral rules');
  const [editing, setEditing] = useState<Partial<ReferralRule> | null>(null);
  const [deleting, setDeleting] = useState<ReferralRule | null>(null);

  const remove = async (rule: ReferralRule) => {
    setDeleting(null);
    try {
      await api.delete(`/referral-rules/${rule._id}`, { withoutToken: true });
    } catch (error) {
      console.error('Failed to delete rule', error);
      notify(errorMessage(error, 'Failed to delete rule'), 'error');
    }
    await reload();
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
      <Alert
        isOpen={deleting !== null}
        intent="danger"
        icon="trash"
        cancelButtonText="Cancel"
        confirmButtonText="Delete"
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && void remove(deleting)}
      >
        <p className="ww-admin-alert-title">Confirm Deletion</p>
        <p>Are you sure you want to delete this item? This action cannot be undone.</p>
      </Alert>
    </>
  );
}
