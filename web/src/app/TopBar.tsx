import { lazy, Suspense } from 'react';
import { useTranslation } from '../i18n/react';
import { Link } from './routing';
import { LOGO_HEIGHT_PX } from '@wishwell/shared/constants';
import { useDomainConfig } from '../branding/DomainConfigProvider';
import { useSession } from '../session/SessionProvider';
import { useOnline } from './use-online';
import { useSignInOptions } from '../session/sign-in-options';

const AccountMenu = lazy(() => import('./AccountMenu'));
const NotificationBell = lazy(() => import('../pages/notifications/NotificationBell'));

/** Login, and Register only while sign-ups are open (closed or by invitation: the register page would refuse). */
function SignedOutLinks() {
  const { t } = useTranslation();
  const options = useSignInOptions();
  return (
    <>
      {options?.registration === 'open' && <Link to="/register" className="ww-topbar-link">{t('layout.register')}</Link>}
      <Link to="/login" className="ww-topbar-link">{t('layout.login')}</Link>
    </>
  );
}

export function TopBar() {
  const config = useDomainConfig();
  const { user } = useSession();
  const { t } = useTranslation();
  // Offline, neither signing up nor signing in can work: they are not offered.
  const online = useOnline();

  return (
    <header className="ww-topbar">
      <Link to={user ? '/dashboard' : '/'} className="ww-topbar-logo" aria-label={t('layout.home', { company: config.companyName })}>
        <img src={config.logoUrl} alt={config.companyName} height={LOGO_HEIGHT_PX} />
      </Link>
      <nav className="ww-topbar-actions">
        {user ? (
          <Suspense fallback={<span className="ww-topbar-button-placeholder" />}>
            <NotificationBell />
            <AccountMenu user={user} />
          </Suspense>
        ) : (
          online && <SignedOutLinks />
        )}
      </nav>
    </header>
  );
}
