// The app's own router (web/src/app/routing.tsx): which page an address shows, with which params,
// rendered the way the server renders the landing and share pages (StaticRouter).
import { createElement as h, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Link, Outlet, StaticRouter, useLocation, useParams, useRoutes, useSearchParams, type RouteObject } from '../../src/app/routing';

function Params() {
  return h('p', null, JSON.stringify(useParams()));
}

function Search() {
  const [params] = useSearchParams();
  return h('p', null, `page ${params.get('page') ?? 'none'} at ${useLocation().pathname}`);
}

const layout = (name: string) => () => h('div', { 'data-layout': name }, h(Outlet));
const Layout = layout('site');
const Guard = layout('guard');

const ROUTES: RouteObject[] = [
  {
    element: h(Layout),
    children: [
      { path: '/', element: 'landing' },
      { path: '/share/wishlist/:id', element: h(Params) },
      { path: '/list', element: h(Search) },
      { element: h(Guard), children: [{ path: '/login', element: 'login' }] },
      { path: '/admin/*', element: h(Params) },
      { path: '*', element: 'not found' },
    ],
  },
];

function Routes() {
  return h('main', null, useRoutes(ROUTES) as ReactNode);
}

const render = (location: string, app: ReactNode = h(Routes)) => renderToString(h(StaticRouter, { location, children: app }));

describe('app router', () => {
  it('shows the first route matching the path, inside its layouts', () => {
    expect(render('/')).toBe('<main><div data-layout="site">landing</div></main>');
    expect(render('/login')).toBe('<main><div data-layout="site"><div data-layout="guard">login</div></div></main>');
    expect(render('/LOGIN/')).toContain('login');
  });

  it('takes params from their segments, decoded', () => {
    expect(render('/share/wishlist/a%20b')).toContain(JSON.stringify({ id: 'a b' }).replace(/"/g, '&quot;'));
    expect(render('/share/wishlist/%E0%A4%A')).toContain('%E0%A4%A'); // not valid UTF-8: kept as sent
    expect(render('/admin/users/7')).toContain(JSON.stringify({ '*': 'users/7' }).replace(/"/g, '&quot;'));
  });

  it('falls through to the catch-all for unknown or incomplete paths', () => {
    expect(render('/share/wishlist')).toContain('not found');
    expect(render('/share/wishlist/x/y')).toContain('not found');
    expect(render('/nowhere')).toContain('not found');
  });

  it('reads the query of the location', () => {
    expect(render('/list?page=3')).toContain('page 3 at /list');
    expect(render('/list')).toContain('page none at /list');
  });

  it('renders links as plain anchors to their address', () => {
    const links = h('nav', null, h(Link, { to: '/login', className: 'a' }, 'in'), h(Link, { to: { search: '?page=2' } }, 'next'));
    expect(render('/list', links)).toBe('<nav><a class="a" href="/login">in</a><a href="/list?page=2">next</a></nav>');
  });
});
