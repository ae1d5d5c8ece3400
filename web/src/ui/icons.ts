// Blueprint loads icon paths on demand; this loader serves the icons the app uses from the bundle
// instead of Blueprint's default per-icon dynamic imports (which Bun's bundler cannot split). The
// public pages' icons (16px paths) are in the first download; the landing page's large ones are a
// small chunk, all others one chunk fetched on first use.
import { Icons, IconSize, type IconName, type IconPaths } from '@blueprintjs/icons';
import { PUBLIC_STANDARD_PATHS } from './icon-paths-public';

/** A chunk imported once, on first use. */
function onFirstUse<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | null = null;
  return () => (loaded ??= load());
}
const landingIcons = onFirstUse(() => import('./icon-paths-landing'));
const moreIcons = onFirstUse(() => import('./icon-paths-more'));

/** Blueprint draws icons under 20 px from its 16px paths, larger ones from its 20px paths. */
const isLarge = (size: number) => size >= IconSize.LARGE;

async function pathsOf(name: IconName, size: number): Promise<IconPaths | undefined> {
  if (!isLarge(size)) return PUBLIC_STANDARD_PATHS[name] ?? (await moreIcons()).MORE_STANDARD_PATHS[name];
  return (await landingIcons()).LANDING_LARGE_PATHS[name] ?? (await moreIcons()).MORE_LARGE_PATHS[name];
}

function useBundledIcons(): void {
  Icons.setLoaderOptions({ loader: async (name, size) => (await pathsOf(name, size)) ?? [] });
}

/**
 * Serves the icons from the bundle and resolves once every icon in the server's markup under
 * `root` is loaded at the size it is drawn: a hydrating page must render each icon as the server did, at once.
 */
export function registerIcons(root: ParentNode): Promise<void> {
  useBundledIcons();
  const drawn = [...root.querySelectorAll('svg[data-icon]')];
  const namesAt = (large: boolean) => [
    ...new Set(drawn.filter((svg) => isLarge(Number(svg.getAttribute('height'))) === large).map((svg) => svg.getAttribute('data-icon') as IconName)),
  ];
  return Promise.all([Icons.load(namesAt(false), IconSize.STANDARD), Icons.load(namesAt(true), IconSize.LARGE)]).then(() => undefined);
}

/** On the server: every icon, so a rendered page shows each one as the browser will. */
export async function registerAllIcons(): Promise<void> {
  useBundledIcons();
  const [landing, more] = await Promise.all([landingIcons(), moreIcons()]);
  const names = (paths: Record<string, IconPaths>[]) => Object.keys(Object.assign({}, ...paths)) as IconName[];
  await Promise.all([
    Icons.load(names([PUBLIC_STANDARD_PATHS, more.MORE_STANDARD_PATHS]), IconSize.STANDARD),
    Icons.load(names([landing.LANDING_LARGE_PATHS, more.MORE_LARGE_PATHS]), IconSize.LARGE),
  ]);
}
