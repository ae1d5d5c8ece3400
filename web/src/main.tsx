import { startTransition, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from './app/routing';
import { App } from './app/App';
import { readBootData } from './app/boot-data';
import { replayEarlyTaps } from './app/early-taps';
import { loadServerRenderedPage } from './app/router';
import { startServiceWorker } from './app/service-worker';
import type { I18n } from './i18n/i18n';
import { browserLanguage, loadI18n, setSiteDefaultLanguage, switchLanguage } from './i18n/language';
import { registerIcons } from './ui/icons';
import './styles/app.css';
import './styles/reduced-motion.css';

const boot = readBootData();
if (boot) setSiteDefaultLanguage(boot.defaultLanguage);
const container = document.getElementById('root')!;
// A server-rendered page hydrates in the language it was rendered in (no flash of another one).
const i18nLoaded = loadI18n(boot?.language ?? browserLanguage());
const iconsLoaded = registerIcons(container);
const app = (i18n: I18n) => (
  <BrowserRouter>
    <App boot={boot} i18n={i18n} />
  </BrowserRouter>
);

/** Replays a tap made before hydration once the page it wraps is hydrated (its effects run after the whole tree's). */
function ReplayEarlyTaps({ children }: { children: ReactNode }) {
  useEffect(replayEarlyTaps, []);
  return children;
}

// A server-rendered page (it embeds its data) is hydrated once its icons, page module and
// catalogue are in memory, so the first client render matches the server's markup; the plain
// shell renders from scratch once its catalogue is in.
if (boot) {
  void Promise.all([iconsLoaded, loadServerRenderedPage(location.pathname), i18nLoaded]).then(([, , i18n]) => {
    // As a transition, hydration works in slices, letting the browser paint and answer between them
    // (a tap on a part not yet hydrated makes React hydrate that part at once).
    startTransition(() => {
      hydrateRoot(container, <ReplayEarlyTaps>{app(i18n)}</ReplayEarlyTaps>);
    });
    // A page from the service worker's cache may be in a language since changed in the footer.
    const wanted = browserLanguage();
    if (wanted !== i18n.language) void switchLanguage(i18n, wanted);
  });
} else {
  void i18nLoaded.then((i18n) => {
    document.documentElement.lang = i18n.language;
    createRoot(container).render(app(i18n));
  });
}
startServiceWorker(i18nLoaded);
