import { Outlet, useLocation } from './routing';
import { Footer } from './Footer';
import { TopBar } from './TopBar';

/** Public header and footer around every page, except under /admin (the console has its own). */
export function Layout() {
  const { pathname } = useLocation();
  const isAdmin = pathname === '/admin' || pathname.startsWith('/admin/');
  if (isAdmin) return <Outlet />;
  return (
    <div className="ww-page">
      <TopBar />
      <main className="ww-main">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
