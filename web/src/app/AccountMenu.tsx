import { Button, Menu, MenuDivider, MenuItem, Popover } from '@blueprintjs/core';
import { useNavigate } from 'react-router';
import type { SessionProfile } from '@wishwell/shared/api-types';
import { chooseColorScheme, useColorScheme } from '../branding/color-scheme';
import { useSession } from '../session/SessionProvider';

/** The signed-in account's menu; its own chunk, so signed-out visitors never download the popover. */
export default function AccountMenu({ user }: { user: SessionProfile }) {
  const { signOut } = useSession();
  const navigate = useNavigate();
  const scheme = useColorScheme();

  const logout = async () => {
    await signOut(() => navigate('/'));
  };

  return (
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
  );
}
