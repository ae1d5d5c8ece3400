import { Switch } from '@blueprintjs/core';
import type { AdminUser } from '@wishwell/shared/admin-types';
import { AdminPageHeader } from './AdminPageHeader';
import { AdminTable, type AdminColumn } from './AdminTable';
import { useAdminList } from './use-admin-list';
import { useToggle } from './use-toggle';
import './admin.css';

/** /admin/users: every account; the switch enables or disables one (disabled rows greyed). */
export function UsersPage() {
  const { rows, loading, reload } = useAdminList<AdminUser>('/users', 'Could not fetch users');
  const toggle = useToggle(reload);
  const columns: AdminColumn<AdminUser>[] = [
    { label: 'Name', render: (user) => user.name },
    { label: 'Email', render: (user) => user.email },
    { label: 'Domain', render: (user) => user.registeredOnDomain || 'N/A' },
    { label: 'Admin', render: (user) => (user.isAdmin ? 'Yes' : 'No') },
    {
      label: 'Status',
      render: (user) => (
        <Switch
          className="ww-admin-switch"
          checked={!user.isDisabled}
          label={user.isDisabled ? 'Disabled' : 'Enabled'}
          aria-label={`${user.isDisabled ? 'Enable' : 'Disable'} ${user.email}`}
          onChange={() => void toggle(`/users/${user._id}/toggle-disable`)}
        />
      ),
    },
  ];
  return (
    <>
      <AdminPageHeader title="All Users" />
      <AdminTable columns={columns} rows={rows} loading={loading} emptyText="No users yet." muted={(user) => user.isDisabled} />
    </>
  );
}
