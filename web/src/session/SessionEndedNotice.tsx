import { Button, Callout } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { SESSION_ENDED_COOKIE } from '@wishwell/shared/session-cookie';
import { readCookie } from '../api/client';
import { useLocation, useNavigate } from '../app/routing';
import { useTranslation } from '../i18n/react';
import { useSession } from './SessionProvider';

const dropNote = () => {
  document.cookie = `${SESSION_ENDED_COOKIE}=; path=/; max-age=0; SameSite=Lax`;
};

/**
 * After an operator restored a backup, every session ended: the server refuses the old one with a
 * readable note (SESSION_ENDED_COOKIE), and the next page says why and offers to sign in. The note
 * goes once the visitor signs in again or closes it.
 */
export function SessionEndedNotice() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { loading, user } = useSession();
  const { pathname } = useLocation();
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (loading) return;
    if (user) dropNote();
    setShown(!user && readCookie(SESSION_ENDED_COOKIE) === 'restore');
  }, [loading, user]);
  if (!shown) return null;
  const close = () => {
    dropNote();
    setShown(false);
  };
  return (
    <Callout className="ww-session-ended" intent="primary" icon="history" title={t('layout.sessionEndedTitle')}>
      <p>{t('layout.sessionEndedByRestore')}</p>
      <div className="ww-session-ended-actions">
        {pathname !== '/login' && (
          <Button intent="primary" text={t('layout.signInAgain')} onClick={() => navigate('/login')} />
        )}
        <Button variant="minimal" text={t('layout.dismiss')} onClick={close} />
      </div>
    </Callout>
  );
}
