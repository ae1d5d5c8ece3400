import { Switch } from '@blueprintjs/core';
import type { AdminUser, LogQuery } from '@wishwell/shared/admin-types';
import { api } from '../api/client';
import { AdminLogView } from './AdminLogPage';
import { useAdminText } from './admin-text';
import type { AdminColumn } from './AdminTable';
import { useAdminLog } from './use-admin-log';
import { useToggle } from './use-toggle';
import { EmailAddress } from './EmailAddress';

const loadUsers = (query: LogQuery) => api.get('/users', { query });

/** /admin/users: every account, newest first, paged and searched by the server; the switch enables or disables one (disabled rows greyed). */
export function UsersPage() {
  const t = useAdminText();
  const users = useAdminLog(loadUsers, 'Could not fetch users');
  const toggle = useToggle(users.reload);
  const columns: AdminColumn<AdminUser>[] = [
    { label: t('columns.name'), render: (user) => user.name },
    { label: t('columns.email'), render: (user) => <EmailAddress address={user.email} /> },
    { label: t('columns.domain'), render: (user) => user.registeredOnDomain || t('common.notAvailable'), nowrap: true },
    { label: t('columns.admin'), render: (user) => (user.isAdmin ? t('common.yes') : t('common.no')), nowrap: true },
    {
      label: t('columns.status'),
      render: (user) => (
        <Switch
          className="ww-admin-switch"
          checked={!user.isDisabled}
          label={user.isDisabled ? t('common.disabled') : t('common.enabled')}
          aria-label={t(user.isDisabled ? 'common.enableNamed' : 'common.disableNamed', { name: user.email })}
          onChange={() => void toggle('/users/:id/toggle-disable', user._id)}
        />
      ),
    },
  ];
  return (
    <AdminLogView
      log={users}
      title={t('users.title')}
      columns={columns}
      emptyText={users.filters.q ? t('users.noneMatch') : t('users.none')}
      searchPlaceholder={t('users.search')}
      withDates={false}
      muted={(user) => user.isDisabled}
    />
  );
}
