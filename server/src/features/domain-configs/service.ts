import { DEFAULT_BRANDING } from '@wishwell/shared/constants';
import type { PublicDomainConfig } from '@wishwell/shared/api-types';
import type { DomainConfigInput } from '@wishwell/shared/domain-config-types';
import { normalizeHostname } from '@wishwell/shared/domain';
import type { DataStore } from '../../db/store';
import { CrossProcessInvalidation } from '../../db/invalidation';
import { newId } from '../../ids';
import { invalid, notFound } from '../../domain/errors';
import { DomainConfigQueries, type DomainConfigRow } from './queries';

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
  private readonly queries: DomainConfigQueries;

  constructor(
    store: DataStore,
    private readonly defaultHostname: string,
  ) {
    this.queries = new DomainConfigQueries(store);
    this.sync = new CrossProcessInvalidation(store.changes, 'wishwell_domain_configs', () => this.cache.clear());
  }

  listen(): Promise<void> {
    return this.sync.listen();
  }

  /** Creates the default hostname's config with the built-in branding if it does not exist yet. */
  async ensureDefault(): Promise<void> {
    await this.queries.insert(newId(), { hostname: this.defaultHostname, ...DEFAULT_BRANDING }, new Date(), true);
  }

  /** The config for a hostname; unknown hosts get the default hostname's config. */
  async publicConfig(hostname: string): Promise<PublicDomainConfig> {
    const host = normalizeHostname(hostname);
    const cached = this.cache.get(host);
    if (cached) return cached;
    const readStarted = this.sync.generation;
    const row = (await this.queries.byHostname(host)) ?? (await this.queries.byHostname(this.defaultHostname));
    const config = row ? toPublicDomainConfig(row) : this.builtInConfig();
    if (readStarted !== this.sync.generation) return config; // changed while reading: do not keep it
    if (this.cache.size > 1000) this.cache.clear(); // unknown hosts must not grow the cache forever
    this.cache.set(host, config);
    return config;
  }

  async list(): Promise<PublicDomainConfig[]> {
    return (await this.queries.all()).map(toPublicDomainConfig);
  }

  async create(input: DomainConfigInput): Promise<PublicDomainConfig> {
    const values = this.normalize(input);
    await this.assertHostnameFree(values.hostname);
    const row = await this.queries.insert(newId(), values, new Date());
    this.sync.invalidate('*');
    return toPublicDomainConfig(row!);
  }

  async update(id: string, input: DomainConfigInput): Promise<PublicDomainConfig> {
    const values = this.normalize(input);
    await this.assertHostnameFree(values.hostname, id);
    const row = await this.queries.update(id, values, new Date());
    if (!row) throw notFound('domainConfigNotFound');
    this.sync.invalidate('*');
    return toPublicDomainConfig(row);
  }

  async delete(id: string): Promise<void> {
    if (!(await this.queries.delete(id))) throw notFound('domainConfigNotFound');
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
    const existing = await this.queries.byHostname(hostname);
    if (existing && existing.id !== exceptId) throw invalid('domainConfigTaken', { hostname });
  }

  private builtInConfig(): PublicDomainConfig {
    return { _id: '', hostname: this.defaultHostname, ...DEFAULT_BRANDING };
  }
}
