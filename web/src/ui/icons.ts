// Blueprint loads icon paths on demand; this loader serves the icons the app uses from the bundle
// instead of Blueprint's default per-icon dynamic imports (which Bun's bundler cannot split). The
// public pages' icons are in the first download; the others come in one chunk on first use.
import { Icons, IconSize, type IconName, type IconPaths } from '@blueprintjs/icons';
import { PUBLIC_ICON_PATHS } from './icon-paths-public';

let moreIcons: Promise<Record<string, [IconPaths, IconPaths]>> | null = null;

async function pathsOf(name: IconName): Promise<[IconPaths, IconPaths] | undefined> {
  const paths = PUBLIC_ICON_PATHS[name];
  if (paths) return paths;
  moreIcons ??= import('./icon-paths-more').then((module) => module.MORE_ICON_PATHS);
  return (await moreIcons)[name];
}

function useBundledIcons(): void {
  Icons.setLoaderOptions({
    loader: async (name, size) => {
      const paths = await pathsOf(name);
      if (!paths) return [];
      return size >= IconSize.LARGE ? paths[1] : paths[0];
    },
  });
}

async function loadIcons(names: IconName[]): Promise<void> {
  await Promise.all([Icons.load(names, IconSize.STANDARD), Icons.load(names, IconSize.LARGE)]);
}

/**
 * Serves the icons from the bundle and resolves once every icon in the server's markup under
 * `root` is loaded: a hydrating page must render each icon as the server did, at once.
 */
export function registerIcons(root: ParentNode): Promise<void> {
  useBundledIcons();
  const names = new Set([...root.querySelectorAll('[data-icon]')].map((element) => element.getAttribute('data-icon') as IconName));
  return loadIcons([...names]);
}

/** On the server: every icon, so a rendered page shows each one as the browser will. */
export async function registerAllIcons(): Promise<void> {
  useBundledIcons();
  const { MORE_ICON_PATHS } = await import('./icon-paths-more');
  await loadIcons(Object.keys({ ...PUBLIC_ICON_PATHS, ...MORE_ICON_PATHS }) as IconName[]);
}
