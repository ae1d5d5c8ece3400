import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { AppContext } from './app-context';
import { createApp } from './app';
import { loadJwtSecret } from './auth/secret';
import { createTokenSigner } from './auth/tokens';
import { defaultHostname, type Config } from './config';
import { openSqliteStore } from './db/sqlite-store';
import { SERVER_BODY_LIMIT } from './http/body-limits';
import { createServices, type Services } from './services';
import { Site } from './site/site';
import { SITE_FILES } from './site/assets.generated';
import pkg from '../../package.json';

export const VERSION: string = pkg.version;

export function databaseFile(dataDir: string): string {
  return join(dataDir, 'wishwell.db');
}

/** Opens the data dir and database and builds the context every command works from. */
export function openContext(config: Config): AppContext {
  mkdirSync(config.dataDir, { recursive: true });
  const store = openSqliteStore(databaseFile(config.dataDir));
  return {
    config,
    store,
    tokens: createTokenSigner(loadJwtSecret(config.jwtSecret, config.dataDir)),
    version: VERSION,
    defaultHostname: defaultHostname(config),
  };
}

/** ADMIN_EMAIL: that account is made an admin at every start. */
async function promoteAdminEmail(config: Config, services: Services): Promise<void> {
  if (!config.adminEmail) return;
  if (await services.users.setAdmin(config.adminEmail, true)) console.log(`ADMIN_EMAIL: ${config.adminEmail} is an admin`);
  else console.log(`ADMIN_EMAIL: no account for ${config.adminEmail} yet; it is promoted at the first start after it registers`);
}

export interface RunningServer {
  url: string;
  stop(): Promise<void>;
}

/** Starts the HTTP server; stop() lets in-flight requests finish, then closes the database. */
export async function startServer(config: Config): Promise<RunningServer> {
  const ctx = openContext(config);
  const services = createServices(ctx);
  await services.domainConfigs.ensureDefault();
  await promoteAdminEmail(config, services);
  const site = await Site.load(SITE_FILES);
  const app = createApp(ctx, services, site);
  app.listen({ port: config.port, hostname: config.host, maxRequestBodySize: SERVER_BODY_LIMIT });
  const server = app.server!;
  const url = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${server.port}`;
  return {
    url,
    async stop() {
      await server.stop(false);
      await services.scrape.close();
      await ctx.store.close();
    },
  };
}
