import { Switch } from '@blueprintjs/core';
import type { AdminUser, LogQuery } from '@wishwell/shared/admin-types';
import { api } from '../api/client';
import { AdminLogView } from './AdminLogPage';
import type { AdminColumn } from './AdminTable';
import { useAdminLog } from './use-admin-log';
import { useToggle } from './use-toggle';

const loadUsers = (query: LogQuery) => api.get('/users', { query });

/** /admin/users: every account, newest first, paged and searched by the server; the switch enables or disables one (disabled rows greyed). */
export function UsersPage() {
  const users = useAdminLog(loadUsers, 'Could not fetch users');
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
          onChange={() => void toggle('/users/:id/toggle-disable', user._id)}
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
