import { Button, Menu, MenuDivider, MenuItem, Popover } from '@blueprintjs/core';
import { useTranslation } from '../i18n/react';
import { useNavigate } from './routing';
import type { SessionProfile } from '@wishwell/shared/api-types';
import { chooseColorScheme, useColorScheme } from '../branding/color-scheme';
import { useSession } from '../session/SessionProvider';

/** The signed-in account's menu; its own chunk, so signed-out visitors never download the popover. */
export default function AccountMenu({ user }: { user: SessionProfile }) {
  const { t } = useTranslation();
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
          {user.isAdmin && <MenuItem icon="cog" text={t('menu.admin')} onClick={() => navigate('/admin')} />}
          <MenuItem icon="th-list" text={t('menu.myLists')} onClick={() => navigate('/dashboard')} />
          <MenuItem icon="user" text={t('menu.myAccount')} onClick={() => navigate('/account')} />
          <MenuItem
            icon={scheme === 'dark' ? 'flash' : 'moon'}
            text={scheme === 'dark' ? t('menu.lightTheme') : t('menu.darkTheme')}
            shouldDismissPopover={false}
            onClick={() => chooseColorScheme(scheme === 'dark' ? 'light' : 'dark')}
          />
          <MenuDivider />
          <MenuItem icon="log-out" text={t('menu.logout')} onClick={logout} />
        </Menu>
      }
    >
      <Button variant="minimal" icon="user" aria-label={t('menu.label')} className="ww-topbar-button" />
    </Popover>
  );
}
