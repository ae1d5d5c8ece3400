import { Switch } from '@blueprintjs/core';
import type { AdminUser } from '@wishwell/shared/admin-types';
import { AdminLogView } from './AdminLogPage';
import type { AdminColumn } from './AdminTable';
import { useAdminLog } from './use-admin-log';
import { useToggle } from './use-toggle';

/** /admin/users: every account, newest first, paged and searched by the server; the switch enables or disables one (disabled rows greyed). */
export function UsersPage() {
  const users = useAdminLog<AdminUser>('/users', 'Could not fetch users');
  const toggle = useToggle(users.reload);
  const columns: AdminColumn<AdminUser>[] = [
    { label: 'Name', render: (user) => user.name },
    { label: 'Email', render: (user) => user.email },
    { label: 'Domain', render: (user) => user.registeredOnDomain || 'N/A', nowrap: true },
    { label: 'Admin', render: (user) => (user.isAdmin ? 'Yes' : 'No'), nowrap: true },
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
    <AdminLogView
      log={users}
      title="All Users"
      columns={columns}
      emptyText={users.filters.q ? 'No users match.' : 'No users yet.'}
      searchPlaceholder="Name, e-mail or domain"
      withDates={false}
      muted={(user) => user.isDisabled}
    />
  );
}
