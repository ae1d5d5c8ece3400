import { Outlet, useLocation } from './routing';
import { Footer } from './Footer';
import { TopBar } from './TopBar';
import { SessionEndedNotice } from '../session/SessionEndedNotice';

/** Public header and footer around every page, except under /admin (the console has its own). */
export function Layout() {
  const { pathname } = useLocation();
  const isAdmin = pathname === '/admin' || pathname.startsWith('/admin/');
  if (isAdmin) return <Outlet />;
  return (
    <div className="ww-page">
      <TopBar />
      <main className="ww-main">
        <SessionEndedNotice />
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
