import { Button, Menu, MenuDivider, MenuItem, Popover } from '@blueprintjs/core';
import { Link, useNavigate } from 'react-router-dom';
import { LOGO_HEIGHT_PX } from '@wishwell/shared/constants';
import { chooseColorScheme, useColorScheme } from '../branding/color-scheme';
import { useDomainConfig } from '../branding/DomainConfigProvider';
import { useSession } from '../session/SessionProvider';

export function TopBar() {
  const config = useDomainConfig();
  const { user, signOut } = useSession();
  const navigate = useNavigate();
  const scheme = useColorScheme();

  const logout = async () => {
    await signOut(() => navigate('/', { flushSync: true }));
  };

  return (
    <header className="ww-topbar">
      <Link to={user ? '/dashboard' : '/'} className="ww-topbar-logo" aria-label={`${config.companyName} home`}>
        <img src={config.logoUrl} alt={config.companyName} height={LOGO_HEIGHT_PX} />
      </Link>
      <nav className="ww-topbar-actions">
        {user ? (
          <Popover
            placement="bottom-end"
            content={
              <Menu>
                {user.isAdmin && <MenuItem icon="cog" text="Admin" onClick={() => navigate('/admin')} />}
                <MenuItem icon="th-list" text="My Lists" onClick={() => navigate('/dashboard')} />
                <MenuItem icon="user" text="My Account" onClick={() => navigate('/account')} />
                <MenuItem
                  icon={scheme === 'dark' ? 'flash' : 'moon'}
                  text={scheme === 'dark' ? 'Light theme' : 'Dark theme'}
                  shouldDismissPopover={false}
                  onClick={() => chooseColorScheme(scheme === 'dark' ? 'light' : 'dark')}
                />
                <MenuDivider />
                <MenuItem icon="log-out" text="Logout" onClick={logout} />
              </Menu>
            }
          >
            <Button variant="minimal" icon="user" aria-label="Account menu" className="ww-topbar-button" />
          </Popover>
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
