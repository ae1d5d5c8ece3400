import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';
import { LOGO_HEIGHT_PX } from '@wishwell/shared/constants';
import { useDomainConfig } from '../branding/DomainConfigProvider';
import { useSession } from '../session/SessionProvider';

const AccountMenu = lazy(() => import('./AccountMenu'));

export function TopBar() {
  const config = useDomainConfig();
  const { user } = useSession();

  return (
    <header className="ww-topbar">
      <Link to={user ? '/dashboard' : '/'} className="ww-topbar-logo" aria-label={`${config.companyName} home`}>
        <img src={config.logoUrl} alt={config.companyName} height={LOGO_HEIGHT_PX} />
      </Link>
      <nav className="ww-topbar-actions">
        {user ? (
          <Suspense fallback={<span className="ww-topbar-button-placeholder" />}>
            <AccountMenu user={user} />
          </Suspense>
        ) : (
          <>
            <Link to="/register" className="ww-topbar-link">Register</Link>
            <Link to="/login" className="ww-topbar-link">Login</Link>
          </>
        )}
      </nav>
    </header>
  );
}
