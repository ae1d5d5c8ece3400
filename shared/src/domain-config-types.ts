/** Admin domain configuration calls: GET, POST /domain-configs; PUT, DELETE /domain-configs/{id}. */
import type { PublicDomainConfig } from './api-types';

export type DomainConfig = PublicDomainConfig;

export type DomainConfigInput = Omit<PublicDomainConfig, '_id'>;

/** #rgb or #rrggbb. */
export const HEX_COLOR_PATTERN = '^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$';
