import type { AppContext, RebuiltRuntime } from './app-context';
import { createApp } from './app';
import { systemClock, type Clock } from './clock';
import type { Config } from './config';
import type { StoreOpening } from './db/open-store';
import { openContext, VERSION } from './open-context';
import { claimPidFile } from './server-pid';
import { removeAbandonedWorkFolders } from './work-folders';
import { dropAbandonedStagingSchemas } from './features/backup/pg-staging';
import { SERVER_BODY_LIMIT } from './http/body-limits';
import { shareRateLimitsThrough } from './limits/rate-limit';
import { createServices, type Services } from './services';
import { Site } from './site/site';
import { SITE_FILES } from './site/assets.generated';

export { openContext, VERSION };

/** ADMIN_EMAIL: that account is made an admin at every start. */
async function promoteAdminEmail(config: Config, services: Services): Promise<void> {
  if (!config.adminEmail) return;
  if (await services.users.setAdmin(config.adminEmail, true)) console.log(`ADMIN_EMAIL: ${config.adminEmail} is an admin`);
  else console.log(`ADMIN_EMAIL: no account for ${config.adminEmail} yet; it is promoted at the first start after it registers`);
}

/** Everything built from the config and the database: what a restore tears down and builds again. */
interface Runtime {
  ctx: AppContext;
  services: Services;
  app: ReturnType<typeof createApp>;
  /** Requests this runtime is still answering. */
  inFlight: number;
}

async function buildRuntime(config: Config, clock: Clock, site: Site, rebuild: AppContext['rebuild'], opening: StoreOpening = {}): Promise<Runtime> {
  const ctx: AppContext = { ...(await openContext(config, opening, clock)), rebuild };
  shareRateLimitsThrough(ctx.store.rateCounts);
  const services = createServices(ctx);
  await services.listen();
  await services.domainConfigs.ensureDefault();
  await promoteAdminEmail(config, services);
  services.uploads.scheduleCleanup(services.scheduler);
  services.wishlists.invitations.scheduleCleanup(services.scheduler);
  services.circles.circles.scheduleCleanup(services.scheduler);
  services.pageViews.schedulePruning(services.scheduler);
  services.itemImages.schedule(services.scheduler, (listId) => services.wishlists.shareViews.invalidate(listId));
  services.wishlists.surprise.schedule(services.scheduler);
  services.followers.schedule(services.scheduler);
  services.notifications.schedule(services.scheduler);
  services.mailer.schedule(services.scheduler);
  services.priceWatch.schedule(services.scheduler);
  return { ctx, services, app: createApp(ctx, services, site), inFlight: 0 };
}

async function closeRuntime(runtime: Runtime): Promise<void> {
  // Admin event streams hang on this runtime's event bus: end them, clients reconnect to the next.
  runtime.services.adminEvents.hub.closeAll();
  runtime.services.scheduler.stop();
  while (runtime.inFlight > 0) await Bun.sleep(10);
  await runtime.services.itemImages.stop();
  await runtime.services.scheduler.idle();
  await runtime.services.mailer.close();
  await runtime.services.pageViews.close();
  await runtime.services.scrape.close();
  runtime.services.priceWatch.close();
  shareRateLimitsThrough(null);
  await runtime.ctx.store.close();
}

export interface RunningServer {
  url: string;
  /** Lets in-flight requests finish, then closes the database. */
  stop(): Promise<void>;
  /**
   * Builds the app again from the config (a restore): new requests wait, the current runtime
   * finishes its requests and closes its store, `swap` runs (e.g. replaces the database), then
   * a fresh store, services and app answer. The listener stays up throughout.
   */
  rebuild(swap?: () => Promise<void>): Promise<RebuiltRuntime>;
  /** Runs a recurring job (see Scheduler.every) now; resolves once it has run. */
  runJob(name: string): Promise<void>;
}

export interface ServerOptions {
  /** The time and timers of every feature: the system's unless a test brings its own. */
  clock?: Clock;
}

/**
 * Starts the HTTP listener. It stays up for the life of the process and hands every request to
 * the current runtime (store + services + Elysia app), which a restore can replace.
 */
export async function startServer(config: Config, { clock = systemClock }: ServerOptions = {}): Promise<RunningServer> {
  const site = Site.load(SITE_FILES);
  // Services (a restore) reach the server's rebuild through their context.
  const rebuildForServices = (swap: () => Promise<void>) => running.rebuild(swap);
  let runtime = await buildRuntime(config, clock, site, rebuildForServices);
  let rebuilding: Promise<void> | null = null;
  const answer = async (request: Request): Promise<Response> => {
    const current = runtime;
    current.inFlight++;
    try {
      return await current.app.handle(request);
    } finally {
      current.inFlight--;
    }
  };
  const server = Bun.serve({
    port: config.port,
    hostname: config.host,
    maxRequestBodySize: SERVER_BODY_LIMIT,
    fetch: (request) => (rebuilding ? rebuilding.then(() => answer(request)) : answer(request)),
  });
  // Elysia reads the client address through its app's server (see http/request-info.ts).
  runtime.app.server = server;
  const releasePidFile = claimPidFile(config.dataDir);
  const abandoned = removeAbandonedWorkFolders(config.dataDir);
  if (abandoned.length > 0) console.log(`Removed ${abandoned.length} work folder(s) an interrupted backup, restore or migration left in ${config.dataDir}`);
  if (config.databaseUrl) {
    const schemas = await dropAbandonedStagingSchemas(config.databaseUrl).catch((error: unknown) => {
      console.error('Could not look for staging schemas an interrupted restore left:', error);
      return [];
    });
    if (schemas.length > 0) console.log(`Removed ${schemas.length} staging schema(s) an interrupted restore or migration left in PostgreSQL: ${schemas.join(', ')}`);
  }
  const url = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${server.port}`;
  const running: RunningServer = {
    url,
    async stop() {
      // Open event streams never finish by themselves: end them so the listener can stop.
      runtime.services.adminEvents.hub.closeAll();
      await server.stop(false);
      await closeRuntime(runtime);
      releasePidFile();
    },
    async rebuild(swap) {
      if (rebuilding) throw new Error('A rebuild is already under way.');
      let done!: () => void;
      rebuilding = new Promise((resolve) => (done = resolve));
      try {
        await closeRuntime(runtime);
        await swap?.();
      } finally {
        // Even after a failed swap: the server answers again, on whatever data is in place.
        try {
          // No quick_check (a second or more on a large file, every request waiting): the file is
          // either the one checked at start or a restore's, checked whole before it was swapped in.
          runtime = await buildRuntime(config, clock, site, rebuildForServices, { quickCheck: false });
          runtime.app.server = server;
        } finally {
          rebuilding = null;
          done();
        }
      }
      return { store: runtime.ctx.store, events: runtime.services.events };
    },
    runJob: (name) => runtime.services.scheduler.runNow(name),
  };
  return running;
}
