/** Admin domain configuration calls: GET, POST /domain-configs; PUT, DELETE /domain-configs/{id}. */
import type { PublicDomainConfig } from './api-types';

export type DomainConfig = PublicDomainConfig;

export type DomainConfigInput = Omit<PublicDomainConfig, '_id'>;

/** #rgb or #rrggbb. */
export const HEX_COLOR_PATTERN = '^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$';

/**
 * An http(s) address or a site-relative path (`/Logo.png`); empty means the default logo.
 * Never `javascript:`, `data:` or a protocol-relative `//host` (nor `/\host`, which browsers read alike).
 */
export const LOGO_URL_PATTERN = '^(https?://[^\\s/?#\\\\]+[^\\s]*|/(?![/\\\\])[^\\s]*)?$';

/** The defaults of a new domain config (spec section 2). */
export const NEW_DOMAIN_CONFIG_DEFAULTS = { logoUrl: '/Logo.png', primaryColor: '#363636', secondaryColor: '#e84393' } as const;
