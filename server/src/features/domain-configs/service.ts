import { eq } from 'drizzle-orm';
import { DEFAULT_BRANDING } from '@wishwell/shared/constants';
import type { PublicDomainConfig } from '@wishwell/shared/api-types';
import { normalizeHostname } from '@wishwell/shared/domain';
import type { Db } from '../../db/open';
import { domainConfigs } from '../../db/schema';
import { newId } from '../../ids';

type DomainConfigRow = typeof domainConfigs.$inferSelect;

export function toPublicDomainConfig(row: DomainConfigRow): PublicDomainConfig {
  return {
    _id: row.id,
    hostname: row.hostname,
    companyName: row.companyName,
    logoUrl: row.logoUrl,
    primaryColor: row.primaryColor,
    secondaryColor: row.secondaryColor,
    landingPageHeadline: row.landingPageHeadline,
    landingPageSubheadline: row.landingPageSubheadline,
  };
}

/** Domain configurations: branding per hostname, read on every page load and so kept in memory. */
export class DomainConfigService {
  private readonly cache = new Map<string, PublicDomainConfig>();

  constructor(
    private readonly db: Db,
    private readonly defaultHostname: string,
  ) {}

  /** Creates the default hostname's config with the built-in branding if it does not exist yet. */
  ensureDefault(): void {
    const now = new Date();
    this.db
      .insert(domainConfigs)
      .values({ id: newId(), hostname: this.defaultHostname, ...DEFAULT_BRANDING, createdAt: now, updatedAt: now })
      .onConflictDoNothing()
      .run();
  }

  /** The config for a hostname; unknown hosts get the default hostname's config. */
  publicConfig(hostname: string): PublicDomainConfig {
    const host = normalizeHostname(hostname);
    const cached = this.cache.get(host);
    if (cached) return cached;
    const row = this.findByHostname(host) ?? this.findByHostname(this.defaultHostname);
    const config = row ? toPublicDomainConfig(row) : this.builtInConfig();
    if (this.cache.size > 1000) this.cache.clear(); // unknown hosts must not grow the cache forever
    this.cache.set(host, config);
    return config;
  }

  /** Call after any change to domain configs. */
  invalidate(): void {
    this.cache.clear();
  }

  private findByHostname(hostname: string): DomainConfigRow | undefined {
    return this.db.select().from(domainConfigs).where(eq(domainConfigs.hostname, hostname)).get();
  }

  private builtInConfig(): PublicDomainConfig {
    return { _id: '', hostname: this.defaultHostname, ...DEFAULT_BRANDING };
  }
}
