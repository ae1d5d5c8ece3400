import type { AppContext } from './app-context';
import { DomainConfigService } from './features/domain-configs/service';

/** Every feature service, built once at start; routes and the CLI use these, never SQL directly. */
export function createServices(ctx: AppContext) {
  const domainConfigs = new DomainConfigService(ctx.database.db, ctx.defaultHostname);
  return { domainConfigs };
}

export type Services = ReturnType<typeof createServices>;
