import { useCallback, useEffect, useState } from 'react';
import { Button, Card, NonIdealState, Spinner } from '@blueprintjs/core';
import type { AppNotification, NotificationPage } from '@wishwell/shared/follower-types';
import { formatEventDay } from '@wishwell/shared/event-dates';
import { ownerPath, sharePath } from '@wishwell/shared/wishlist-types';
import { api, errorMessage } from '../../api/client';
import { Link, useSearchParams } from '../../app/routing';
import { usePageTitle } from '../../app/use-page-title';
import { useTranslation } from '../../i18n/react';
import { notify } from '../../notifications/notify';
import { setUnread } from './unread';
import './notifications.css';

/** Where a notification leads: the owner's page for their own list's event, else the share page. */
const linkOf = (n: AppNotification) => (n.wishlistId ? (n.kind === 'event-coming' || n.kind === 'invitation-accepted' ? ownerPath(n.wishlistId) : sharePath(n.wishlistId)) : null);

/** /notifications: the bell's entries, newest first, 20 a page; read one or all. */
export default function NotificationsPage() {
  const { t, i18n } = useTranslation();
  usePageTitle(t('notifications.title'));
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [loaded, setLoaded] = useState<NotificationPage | null>(null);

  const load = useCallback(async () => {
    try {
      const next = await api.get('/notifications', { query: { page } });
      setLoaded(next);
      setUnread(next.unread);
    } catch (error) {
      notify(errorMessage(error, t('notifications.loadFailed')), 'error');
    }
  }, [page, t]);

  useEffect(() => void load(), [load]);

  const markRead = async (id: string) => {
    await api.put('/notifications/:id/read', { params: { id } });
    await load();
  };
  const markAllRead = async () => {
    await api.put('/notifications/read');
    await load();
  };

  if (!loaded) return <Spinner className="ww-page-spinner" />;
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <main className="ww-notifications">
      <div className="ww-notifications-head">
        <h1>{t('notifications.title')}</h1>
        <Button text={t('notifications.markAllRead')} icon="tick" disabled={loaded.unread === 0} onClick={() => void markAllRead()} />
      </div>
      {loaded.notifications.length === 0 ? (
        <NonIdealState icon="notifications" title={t('notifications.empty')} />
      ) : (
        <ul className="ww-notification-list">
          {loaded.notifications.map((n) => {
            const link = linkOf(n);
            const text = t(`notifications.kind.${n.kind}`, { list: n.listName, detail: n.kind === 'event-coming' ? formatEventDay(n.detail, i18n.language) : n.detail });
            return (
              <li key={n._id}>
                <Card className={n.read ? 'ww-notification' : 'ww-notification ww-notification-unread'} data-testid="notification">
                  <div className="ww-notification-text">
                    {link ? <Link to={link}>{text}</Link> : text}
                    <time dateTime={n.createdAt}>{when.format(new Date(n.createdAt))}</time>
                  </div>
                  {!n.read && <Button variant="minimal" size="small" text={t('notifications.markRead')} onClick={() => void markRead(n._id)} />}
                </Card>
              </li>
            );
          })}
        </ul>
      )}
      {loaded.pages > 1 && (
        <nav className="ww-notifications-pager" aria-label={t('pager.pages')}>
          <Button icon="chevron-left" aria-label={t('pager.previous')} disabled={page <= 1} onClick={() => setParams(new URLSearchParams({ page: String(page - 1) }))} />
          <span>{t('pager.page', { number: page })}</span>
          <Button icon="chevron-right" aria-label={t('pager.next')} disabled={page >= loaded.pages} onClick={() => setParams(new URLSearchParams({ page: String(page + 1) }))} />
        </nav>
      )}
    </main>
  );
}
