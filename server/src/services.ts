import type { AppContext } from './app-context';
import { DomainConfigService } from './features/domain-configs/service';
import { Mailer } from './mail/mailer';

/** Every feature service, built once at start; routes and the CLI use these, never SQL directly. */
export function createServices(ctx: AppContext) {
  const domainConfigs = new DomainConfigService(ctx.database.db, ctx.defaultHostname);
  const mailer = new Mailer(ctx.database.db, { smtpUrl: ctx.config.smtpUrl, mailFrom: ctx.config.mailFrom });
  return { domainConfigs, mailer };
}

export type Services = ReturnType<typeof createServices>;
