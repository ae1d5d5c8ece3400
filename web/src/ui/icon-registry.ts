// Stands in for @blueprintjs/icons' icon loader in the browser bundle (scripts/build-web.ts points
// the package's ./iconLoader here): the same static API that Blueprint's Icon calls, without the
// check of every name against the package's table of all 500+ icon names, which is a tenth of the
// first download. The server runs Blueprint's own loader; both are fed by ui/icons.ts.
import type { IconLoaderOptions, IconName, IconPaths, IconPathsLoader } from '@blueprintjs/icons';
import { IconSize } from '@blueprintjs/icons/lib/esm/iconTypes';

export class Icons {
  private static loader: IconPathsLoader = async () => [];
  private static readonly standard = new Map<IconName, IconPaths>();
  private static readonly large = new Map<IconName, IconPaths>();

  static setLoaderOptions(options: IconLoaderOptions): void {
    if (typeof options.loader === 'function') Icons.loader = options.loader;
  }

  static async load(icons: IconName | IconName[], size: number): Promise<void> {
    const loaded = Icons.loadedAt(size);
    const supportedSize = size < IconSize.LARGE ? IconSize.STANDARD : IconSize.LARGE;
    const missing = (Array.isArray(icons) ? icons : [icons]).filter((icon) => !loaded.has(icon));
    await Promise.all(missing.map(async (icon) => loaded.set(icon, await Icons.loader(icon, supportedSize))));
  }

  static getPaths(icon: IconName, size: number): IconPaths | undefined {
    return Icons.loadedAt(size).get(icon);
  }

  private static loadedAt(size: number): Map<IconName, IconPaths> {
    return size < IconSize.LARGE ? Icons.standard : Icons.large;
  }
}
