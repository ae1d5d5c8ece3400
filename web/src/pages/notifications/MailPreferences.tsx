import { useEffect, useState } from 'react';
import { Checkbox } from '@blueprintjs/core';
import { NOTIFICATION_KINDS, type NotificationKind } from '@wishwell/shared/follower-types';
import { api, errorMessage } from '../../api/client';
import { useTranslation } from '../../i18n/react';
import { notify } from '../../notifications/notify';

/** My Account: which kinds of notification also come by mail (the bell shows them all). */
export function MailPreferences() {
  const { t } = useTranslation();
  const [mail, setMail] = useState<NotificationKind[] | null>(null);

  useEffect(() => {
    api
      .get('/notifications/preferences')
      .then((answer) => setMail(answer.mail))
      .catch(() => setMail([]));
  }, []);

  const toggle = async (kind: NotificationKind, on: boolean) => {
    const next = on ? [...(mail ?? []), kind] : (mail ?? []).filter((k) => k !== kind);
    setMail(next);
    try {
      setMail((await api.put('/notifications/preferences', { body: { mail: next } })).mail);
    } catch (error) {
      notify(errorMessage(error, t('notifications.preferencesFailed')), 'error');
    }
  };

  return (
    <section className="ww-account-section" aria-labelledby="notification-mail-heading">
      <h2 id="notification-mail-heading">{t('notifications.mailTitle')}</h2>
      <p className="ww-account-note">{t('notifications.mailNote')}</p>
      {NOTIFICATION_KINDS.map((kind) => (
        <Checkbox key={kind} label={t(`notifications.mailKind.${kind}`)} checked={mail?.includes(kind) ?? false} disabled={mail === null} onChange={(event) => void toggle(kind, event.currentTarget.checked)} />
      ))}
    </section>
  );
}
