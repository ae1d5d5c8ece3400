import type { t } from 'elysia';
import { tokenBody } from '../api-tokens/routes';
import { domainConfigBody } from '../domain-configs/routes';
import { ruleBody } from '../referral-rules/routes';
import { configBody } from '../scraper-configs/routes';
import { profileBody } from '../users/routes';
import { chosenLanguage } from '../users/service';
import { itemFieldRules, wishlistFieldRules } from '../wishlists/input';
import { addEditorBody, itemBody, pledgeBody, wishlistBody } from '../wishlists/schemas';
import { circleBody, suggestionBody } from '../circles/schemas';

/** The API's checks of the columns it writes from requests: its request schema, and its rules beyond the schema by field (each throws a 400). */
export interface ApiRowRules {
  /** Only its fields named like a column of the table apply. */
  schema: ReturnType<typeof t.Object>;
  fields?: Record<string, (value: never) => unknown>;
}

/**
 * By table (SQL name): what a restored row must pass besides its columns' kinds, the same the API
 * holds a request to. A table the API writes from requests has its entry here.
 */
export const API_ROW_RULES: Record<string, ApiRowRules> = {
  users: { schema: profileBody, fields: { language: chosenLanguage } },
  api_tokens: { schema: tokenBody },
  domain_configs: { schema: domainConfigBody },
  wishlists: { schema: wishlistBody, fields: wishlistFieldRules },
  editor_invitations: { schema: addEditorBody },
  items: { schema: itemBody, fields: itemFieldRules },
  claims: { schema: pledgeBody },
  circles: { schema: circleBody },
  suggestions: { schema: suggestionBody },
  referral_rules: { schema: ruleBody },
  scraper_configs: { schema: configBody },
};
