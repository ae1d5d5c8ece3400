import { useState } from 'react';
import { Button, Drawer, Menu, MenuItem, Spinner } from '@blueprintjs/core';
import { Link, useLocation, useNavigate } from '../app/routing';
import { ADMIN_MENU_WIDTH_PX } from '@wishwell/shared/constants';
import { usePageTitle } from '../app/use-page-title';
import { useDomainConfig } from '../branding/DomainConfigProvider';
import { useAdminText, useAdminTexts } from './admin-text';
import { ADMIN_PAGES, type AdminPage } from './pages';
import { useWideLayout } from '../ui/use-media-query';

const pathOf = (page: string) => (page ? `/admin/${page}` : '/admin');

/** The logo and the page menu: the side column at 900 px and wider, the drawer below. Long names wrap rather than lose their end. */
function AdminMenu({ current, onNavigate }: { current: AdminPage | undefined; onNavigate: (path: string) => void }) {
  const config = useDomainConfig();
  const t = useAdminText();
  return (
    <>
      <Link
        to="/admin"
        className="ww-admin-logo"
        onClick={(event) => {
          event.preventDefault();
          onNavigate('/admin');
        }}
      >
        <img src={config.logoUrl || '/Logo.png'} alt={config.companyName} height={40} />
      </Link>
      <Menu className="ww-admin-menu">
        {ADMIN_PAGES.map((page) => (
          <MenuItem key={page.path} multiline icon={page.icon} text={t(page.titleKey)} active={page === current} onClick={() => onNavigate(pathOf(page.path))} />
        ))}
        <MenuItem multiline icon="home" text={t('menu.backToSite')} onClick={() => onNavigate('/dashboard')} />
      </Menu>
    </>
  );
}

/**
 * The admin console: its own menu (a side column on wide screens; on phones a bar with a menu
 * button opening it as a drawer, so the first screen shows the page), no public header or
 * footer. Loaded as a separate chunk, with its texts in the reader's language (a chunk of their own
 * too): nothing but a spinner shows until they are in.
 */
export default function AdminApp() {
  return useAdminTexts() ? <AdminConsole /> : <Spinner className="ww-admin-spinner" />;
}

function AdminConsole() {
  const t = useAdminText();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const wide = useWideLayout();
  const [menuOpen, setMenuOpen] = useState(false);
  const current = ADMIN_PAGES.find((page) => pathname.replace(/\/$/, '') === pathOf(page.path));
  usePageTitle(current ? t('menu.pageTitle', { page: t(current.titleKey) }) : t('menu.admin'));
  const go = (path: string) => {
    setMenuOpen(false);
    navigate(path);
  };
  return (
    <div className="ww-admin">
      {wide ? (
        <aside className="ww-admin-side" style={{ width: ADMIN_MENU_WIDTH_PX }}>
          <AdminMenu current={current} onNavigate={go} />
        </aside>
      ) : (
        <>
          <header className="ww-admin-bar">
            <Button variant="minimal" icon="menu" aria-label={t('menu.openMenu')} aria-expanded={menuOpen} onClick={() => setMenuOpen(true)} />
            <span className="ww-admin-bar-title">{t('menu.admin')}</span>
          </header>
          <Drawer isOpen={menuOpen} onClose={() => setMenuOpen(false)} position="left" size={ADMIN_MENU_WIDTH_PX + 40} title={t('menu.admin')} icon="menu" className="ww-admin-drawer">
            <nav className="ww-admin-drawer-body" aria-label={t('menu.pages')}>
              <AdminMenu current={current} onNavigate={go} />
            </nav>
          </Drawer>
        </>
      )}
      <main className="ww-admin-main">
        {current && <current.Component />}
      </main>
    </div>
  );
}
