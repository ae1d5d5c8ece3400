import { Menu, MenuItem } from '@blueprintjs/core';
import { NavLink, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { ADMIN_MENU_WIDTH_PX } from '@wishwell/shared/constants';
import { usePageTitle } from '../app/use-page-title';
import { useDomainConfig } from '../branding/DomainConfigProvider';
import { ADMIN_PAGES } from './pages';

/** The admin console: its own side menu, no public header or footer. Loaded as a separate chunk. */
export default function AdminApp() {
  const config = useDomainConfig();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const pathOf = (page: string) => (page ? `/admin/${page}` : '/admin');
  const current = ADMIN_PAGES.find((page) => pathname.replace(/\/$/, '') === pathOf(page.path));
  usePageTitle(current ? `${current.title} · Admin` : 'Admin');
  return (
    <div className="ww-admin">
      <aside className="ww-admin-menu" style={{ width: ADMIN_MENU_WIDTH_PX }}>
        <NavLink to="/admin" className="ww-admin-logo">
          <img src={config.logoUrl || '/Logo.png'} alt={config.companyName} height={40} />
        </NavLink>
        <Menu>
          {ADMIN_PAGES.map((page) => (
            <MenuItem
              key={page.path}
              icon={page.icon}
              text={page.title}
              active={page === current}
              onClick={() => navigate(pathOf(page.path))}
            />
          ))}
          <MenuItem icon="home" text="Back to site" onClick={() => navigate('/dashboard')} />
        </Menu>
      </aside>
      <main className="ww-admin-main">
        <Routes>
          {ADMIN_PAGES.map((page) => (
            <Route key={page.path} path={page.path} element={<page.Component />} />
          ))}
        </Routes>
      </main>
    </div>
  );
}
