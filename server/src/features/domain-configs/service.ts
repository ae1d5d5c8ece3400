import { asc, eq } from 'drizzle-orm';
import { DEFAULT_BRANDING } from '@wishwell/shared/constants';
import type { PublicDomainConfig } from '@wishwell/shared/api-types';
import type { DomainConfigInput } from '@wishwell/shared/domain-config-types';
import { normalizeHostname } from '@wishwell/shared/domain';
import type { DataStore, Row } from '../../db/store';
import { CrossProcessInvalidation } from '../../db/invalidation';
import { newId } from '../../ids';
import { invalid, notFound } from '../../domain/errors';

type DomainConfigRow = Row<'domainConfigs'>;

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
  /** A change through any replica empties the cache everywhere. */
  private readonly sync: CrossProcessInvalidation;

  constructor(
    private readonly store: DataStore,
    private readonly defaultHostname: string,
  ) {
    this.sync = new CrossProcessInvalidation(store.changes, 'wishwell_domain_configs', () => this.cache.clear());
  }

  listen(): Promise<void> {
    return this.sync.listen();
  }

  /** Creates the default hostname's config with the built-in branding if it does not exist yet. */
  async ensureDefault(): Promise<void> {
    const now = new Date();
    await this.store.db
      .insert(this.store.tables.domainConfigs)
      .values({ id: newId(), hostname: this.defaultHostname, ...DEFAULT_BRANDING, createdAt: now, updatedAt: now })
      .onConflictDoNothing();
  }

  /** The config for a hostname; unknown hosts get the default hostname's config. */
  async publicConfig(hostname: string): Promise<PublicDomainConfig> {
    const host = normalizeHostname(hostname);
    const cached = this.cache.get(host);
    if (cached) return cached;
    const readStarted = this.sync.generation;
    const row = (await this.findByHostname(host)) ?? (await this.findByHostname(this.defaultHostname));
    const config = row ? toPublicDomainConfig(row) : this.builtInConfig();
    if (readStarted !== this.sync.generation) return config; // changed while reading: do not keep it
    if (this.cache.size > 1000) this.cache.clear(); // unknown hosts must not grow the cache forever
    this.cache.set(host, config);
    return config;
  }

  async list(): Promise<PublicDomainConfig[]> {
    const { domainConfigs } = this.store.tables;
    return (await this.store.db.select().from(domainConfigs).orderBy(asc(domainConfigs.hostname))).map(toPublicDomainConfig);
  }

  async create(input: DomainConfigInput): Promise<PublicDomainConfig> {
    const values = this.normalize(input);
    await this.assertHostnameFree(values.hostname);
    const now = new Date();
    const [row] = await this.store.db
      .insert(this.store.tables.domainConfigs)
      .values({ id: newId(), ...values, createdAt: now, updatedAt: now })
      .returning();
    this.sync.invalidate('*');
    return toPublicDomainConfig(row!);
  }

  async update(id: string, input: DomainConfigInput): Promise<PublicDomainConfig> {
    const values = this.normalize(input);
    await this.assertHostnameFree(values.hostname, id);
    const { domainConfigs } = this.store.tables;
    const [row] = await this.store.db.update(domainConfigs).set({ ...values, updatedAt: new Date() }).where(eq(domainConfigs.id, id)).returning();
    if (!row) throw notFound('domainConfigNotFound');
    this.sync.invalidate('*');
    return toPublicDomainConfig(row);
  }

  async delete(id: string): Promise<void> {
    const { domainConfigs } = this.store.tables;
    const [deleted] = await this.store.db.delete(domainConfigs).where(eq(domainConfigs.id, id)).returning({ id: domainConfigs.id });
    if (!deleted) throw notFound('domainConfigNotFound');
    this.sync.invalidate('*');
  }

  private normalize(input: DomainConfigInput): DomainConfigInput {
    return {
      ...input,
      hostname: normalizeHostname(input.hostname),
      companyName: input.companyName.trim() || DEFAULT_BRANDING.companyName,
      logoUrl: input.logoUrl.trim() || DEFAULT_BRANDING.logoUrl,
    };
  }

  private async assertHostnameFree(hostname: string, exceptId?: string): Promise<void> {
    const existing = await this.findByHostname(hostname);
    if (existing && existing.id !== exceptId) throw invalid('domainConfigTaken', { hostname });
  }

  private async findByHostname(hostname: string): Promise<DomainConfigRow | undefined> {
    const { domainConfigs } = this.store.tables;
    return (await this.store.db.select().from(domainConfigs).where(eq(domainConfigs.hostname, hostname)))[0];
  }

  private builtInConfig(): PublicDomainConfig {
    return { _id: '', hostname: this.defaultHostname, ...DEFAULT_BRANDING };
  }
}
