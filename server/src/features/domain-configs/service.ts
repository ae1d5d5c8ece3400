import { asc, eq } from 'drizzle-orm';
import { DEFAULT_BRANDING } from '@wishwell/shared/constants';
import type { PublicDomainConfig } from '@wishwell/shared/api-types';
import type { DomainConfigInput } from '@wishwell/shared/domain-config-types';
import { normalizeHostname } from '@wishwell/shared/domain';
import type { Db } from '../../db/open';
import { domainConfigs } from '../../db/schema';
import { newId } from '../../ids';
import { conflict, notFound } from '../../http/errors';

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

  list(): PublicDomainConfig[] {
    return this.db.select().from(domainConfigs).orderBy(asc(domainConfigs.hostname)).all().map(toPublicDomainConfig);
  }

  create(input: DomainConfigInput): PublicDomainConfig {
    const values = this.normalize(input);
    this.assertHostnameFree(values.hostname);
    const now = new Date();
    const row = this.db.insert(domainConfigs).values({ id: newId(), ...values, createdAt: now, updatedAt: now }).returning().get();
    this.cache.clear();
    return toPublicDomainConfig(row);
  }

  update(id: string, input: DomainConfigInput): PublicDomainConfig {
    const values = this.normalize(input);
    this.assertHostnameFree(values.hostname, id);
    const row = this.db.update(domainConfigs).set({ ...values, updatedAt: new Date() }).where(eq(domainConfigs.id, id)).returning().get();
    if (!row) throw notFound('Domain configuration not found.');
    this.cache.clear();
    return toPublicDomainConfig(row);
  }

  delete(id: string): void {
    const deleted = this.db.delete(domainConfigs).where(eq(domainConfigs.id, id)).returning({ id: domainConfigs.id }).get();
    if (!deleted) throw notFound('Domain configuration not found.');
    this.cache.clear();
  }

  private normalize(input: DomainConfigInput): DomainConfigInput {
    return {
      ...input,
      hostname: normalizeHostname(input.hostname),
      companyName: input.companyName.trim() || DEFAULT_BRANDING.companyName,
      logoUrl: input.logoUrl.trim() || DEFAULT_BRANDING.logoUrl,
    };
  }

  private assertHostnameFree(hostname: string, exceptId?: string): void {
    const existing = this.findByHostname(hostname);
    if (existing && existing.id !== exceptId) throw conflict(`A configuration for ${hostname} already exists.`);
  }

  private findByHostname(hostname: string): DomainConfigRow | undefined {
    return this.db.select().from(domainConfigs).where(eq(domainConfigs.hostname, hostname)).get();
  }

  private builtInConfig(): PublicDomainConfig {
    return { _id: '', hostname: this.defaultHostname, ...DEFAULT_BRANDING };
  }
}
