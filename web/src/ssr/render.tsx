// Server-side rendering of the public pages (landing, share). Imported by the server on the first
// page it renders, never by the browser bundle.
import { prerender } from 'react-dom/static';
import { StaticRouter } from '../app/routing';
import { App } from '../app/App';
import type { BootData } from '../app/boot-data';
import { serverI18n } from '../i18n/server-catalogues';
import { registerAllIcons } from '../ui/icons';

const iconsLoaded = registerAllIcons();

/**
 * The markup of the app at `path`. prerender waits for every lazy page it shows, and no boundary
 * is outlined, so the markup is complete in place: no Suspense fallback and no inline script to
 * swap one in (the CSP allows none).
 */
export async function renderAppHtml(path: string, boot: BootData): Promise<string> {
  await iconsLoaded;
  let failure: unknown = null;
  const app = (
    <StaticRouter location={path}>
      <App boot={boot} i18n={serverI18n(boot.language)} />
    </StaticRouter>
  );
  const { prelude } = await prerender(app, {
    // Never outline a large finished boundary into a segment that an inline script moves in place.
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    onError: (error) => {
      failure ??= error;
    },
  });
  const html = await new Response(prelude).text();
  if (failure) throw failure;
  return html;
}
