import { Button } from '@blueprintjs/core';
import { useTranslation } from '../../i18n/react';
import { useLocation, useNavigate } from '../../app/routing';
import { useUnread } from './unread';
import './bell.css';

/** The top bar's bell: the unread count, and the way to the notifications page. */
export default function NotificationBell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const unread = useUnread(pathname);
  return (
    <Button
      variant="minimal"
      icon="notifications"
      className="ww-topbar-button ww-bell"
      aria-label={t('notifications.bell', { count: unread })}
      onClick={() => navigate('/notifications')}
    >
      {unread > 0 && (
        <span className="ww-bell-count" aria-hidden="true">
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </Button>
  );
}
