// The app's router: the part of react-router's API the app uses (browser history, nested route
// table, params, search params, links), in ~2 KB instead of react-router's 42 KB (13 KB brotli)
// in the landing and share pages' first download. Routes match in table order (keep '*' last),
// path segments case-insensitively like react-router; history entries carry react-router's
// `{ usr, key }` state shape.
import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactNode,
} from 'react';

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  /** What the navigation that made this entry passed as `state` (null if none). */
  state: unknown;
}

export type To = string | { pathname?: string; search?: string; hash?: string };

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
  /** Accepted for react-router compatibility: navigations never scroll. */
  preventScrollReset?: boolean;
}

export interface NavigateFunction {
  (to: To, options?: NavigateOptions): void;
  (delta: number): void;
}

export interface RouteObject {
  /** Absolute, or relative to the parent route's path; ':name' takes one segment, a final '*' the rest. */
  path?: string;
  element?: ReactNode;
  children?: RouteObject[];
}

export type Params = Readonly<Record<string, string | undefined>>;

interface RouterValue {
  location: Location;
  navigate: NavigateFunction;
}

const RouterContext = createContext<RouterValue | null>(null);
const OutletContext = createContext<ReactNode>(null);
const ParamsContext = createContext<Params>({});

function useRouter(): RouterValue {
  const router = useContext(RouterContext);
  if (!router) throw new Error('routing hooks need a BrowserRouter or StaticRouter above them');
  return router;
}

/** The address `to` names, absolute (search and hash default to none, the path to the current one). */
function hrefOf(to: To, current: { pathname: string }): string {
  if (typeof to === 'string') return to;
  return (to.pathname ?? current.pathname) + (to.search ?? '') + (to.hash ?? '');
}

function readBrowserLocation(): Location {
  const { pathname, search, hash } = window.location;
  const entry = window.history.state as { usr?: unknown } | null;
  return { pathname, search, hash, state: entry?.usr ?? null };
}

export function BrowserRouter({ children }: { children: ReactNode }) {
  const [location, setLocation] = useState(readBrowserLocation);
  const [firstHref] = useState(() => window.location.href);
  // Like react-router: a navigation is a transition, so a page still loading keeps the last one shown.
  const update = useCallback(() => startTransition(() => setLocation(readBrowserLocation())), []);
  useLayoutEffect(() => {
    window.addEventListener('popstate', update);
    // Back or forward while the page was hydrating (in slices, see main.tsx): its popstate came before this listener.
    if (window.location.href !== firstHref) update();
    return () => window.removeEventListener('popstate', update);
  }, [update, firstHref]);
  const navigate = useCallback(
    (to: To | number, options: NavigateOptions = {}) => {
      if (typeof to === 'number') return window.history.go(to);
      const url = new URL(hrefOf(to, window.location), window.location.href);
      const entry = { usr: options.state ?? null, key: Math.random().toString(36).slice(2, 10) };
      if (options.replace) window.history.replaceState(entry, '', url);
      else window.history.pushState(entry, '', url);
      update();
    },
    [update],
  ) as NavigateFunction;
  const value = useMemo(() => ({ location, navigate }), [location, navigate]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

/** The server's router: one fixed location (path with its query), no navigation. */
export function StaticRouter({ location, children }: { location: string; children: ReactNode }) {
  const { pathname, search, hash } = new URL(location, 'http://localhost');
  const value = useMemo<RouterValue>(
    () => ({ location: { pathname, search, hash, state: null }, navigate: () => undefined }),
    [pathname, search, hash],
  );
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

export const useLocation = (): Location => useRouter().location;
export const useNavigate = (): NavigateFunction => useRouter().navigate;
export const useParams = (): Params => useContext(ParamsContext);

type SearchParamsUpdate = URLSearchParams | ((current: URLSearchParams) => URLSearchParams);

export function useSearchParams(): [URLSearchParams, (next: SearchParamsUpdate, options?: NavigateOptions) => void] {
  const { location, navigate } = useRouter();
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const setParams = useCallback(
    (next: SearchParamsUpdate, options?: NavigateOptions) => {
      const search = (typeof next === 'function' ? next(new URLSearchParams(window.location.search)) : next).toString();
      navigate({ search: search ? `?${search}` : '' }, options);
    },
    [navigate],
  );
  return [params, setParams];
}

interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To;
  replace?: boolean;
  state?: unknown;
}

/**
 * An <a> whose plain left click navigates in the app (modified clicks and other targets stay the
 * browser's). A link to the address shown replaces its entry, so Back does not stop on it twice.
 */
export function Link({ to, replace, state, onClick, ...anchor }: LinkProps) {
  const { location, navigate } = useRouter();
  const href = hrefOf(to, location);
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    const ownTab = !anchor.target || anchor.target === '_self';
    if (event.defaultPrevented || event.button !== 0 || !ownTab || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    navigate(to, { replace: replace ?? href === location.pathname + location.search + location.hash, state });
  };
  return <a {...anchor} href={href} onClick={follow} />;
}

/** Navigates once rendered (a redirect). */
export function Navigate({ to, replace, state }: { to: To; replace?: boolean; state?: unknown }) {
  const navigate = useNavigate();
  const href = typeof to === 'string' ? to : JSON.stringify(to);
  // Once per target: `to` and `state` may be new objects on every render.
  useEffect(() => navigate(to, { replace, state }), [navigate, href, replace]);
  return null;
}

/** Where a layout route shows the route matched below it. */
export const Outlet = () => useContext(OutletContext);

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The params of `pathname` under the absolute `pattern`, or null when it does not match. */
function matchPath(pattern: string, pathname: string): Record<string, string> | null {
  const wanted = pattern.split('/').filter(Boolean);
  const segments = pathname.split('/').filter(Boolean);
  const params: Record<string, string> = {};
  for (const [index, part] of wanted.entries()) {
    if (part === '*') {
      params['*'] = segments.slice(index).map(decodeSegment).join('/');
      return params;
    }
    const segment = segments[index];
    if (segment === undefined) return null;
    if (part.startsWith(':')) params[part.slice(1)] = decodeSegment(segment);
    else if (part.toLowerCase() !== decodeSegment(segment).toLowerCase()) return null;
  }
  return segments.length === wanted.length ? params : null;
}

interface RouteMatch {
  /** The routes from the table's top down to the matched leaf. */
  chain: RouteObject[];
  params: Record<string, string>;
}

function matchRoutes(routes: RouteObject[], pathname: string, parentPath = '', chain: RouteObject[] = []): RouteMatch | null {
  for (const route of routes) {
    const path = route.path === undefined ? parentPath : route.path.startsWith('/') ? route.path : `${parentPath}/${route.path}`;
    const here = [...chain, route];
    if (route.children) {
      const nested = matchRoutes(route.children, pathname, path, here);
      if (nested) return nested;
    } else if (route.path !== undefined) {
      const params = matchPath(path, pathname);
      if (params) return { chain: here, params };
    }
  }
  return null;
}

/** The element of the route matching the current path, each layout route's Outlet showing the one below. */
export function useRoutes(routes: RouteObject[]): ReactNode {
  const { pathname } = useLocation();
  const match = useMemo(() => matchRoutes(routes, pathname), [routes, pathname]);
  if (!match) return null;
  const element = match.chain.reduceRight<ReactNode>(
    (outlet, route) => <OutletContext.Provider value={outlet}>{route.element ?? outlet}</OutletContext.Provider>,
    null,
  );
  return <ParamsContext.Provider value={match.params}>{element}</ParamsContext.Provider>;
}
