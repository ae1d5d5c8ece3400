import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App';
import { readBootData } from './app/boot-data';
import { createRouter, loadServerRenderedPage } from './app/router';
import { startServiceWorker } from './app/service-worker';
import { registerIcons } from './ui/icons';
import './styles/app.css';

const iconsLoaded = registerIcons();
const boot = readBootData();
const container = document.getElementById('root')!;
const app = <App router={createRouter()} boot={boot} />;

// A server-rendered page (it embeds its data) is hydrated once its icons and page module are in
// memory, so the first client render matches the server's markup; the plain shell renders from scratch.
if (boot) void Promise.all([iconsLoaded, loadServerRenderedPage(location.pathname)]).then(() => hydrateRoot(container, app));
else createRoot(container).render(app);
startServiceWorker();
