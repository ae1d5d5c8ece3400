/**
 * The database schema, once, in neutral terms (spec section 3 plus what the design needs).
 * `bun run db:generate` writes the two dialects' Drizzle schemas from it (schema/sqlite.ts,
 * schema/pg.ts) and then the migrations for both. Change this file, never the generated ones.
 *
 * Kinds: `id` (text primary key), `text`, `integer`, `bigint` (64-bit: SQLite's integers already
 * are, bigint on PostgreSQL, read as a JS number), `real`, `flag` (boolean: integer 0/1 on
 * SQLite, boolean on PostgreSQL) and `timestamp` (a JS Date: integer ms on SQLite, timestamp
 * with time zone on PostgreSQL).
 */
export type ColumnKind = 'id' | 'text' | 'integer' | 'bigint' | 'real' | 'flag' | 'timestamp';

export interface ColumnModel {
  /** The JavaScript property services use. */
  key: string;
  /** The SQL column name. */
  name: string;
  kind: ColumnKind;
  nullable?: boolean;
  default?: string | number | boolean;
  primaryKey?: boolean;
  references?: { table: string; column: string; onDelete: 'cascade' | 'set null' };
  doc?: string;
}

export interface TableModel {
  /** The JavaScript name of the table object (`store.tables.<key>`). */
  key: string;
  name: string;
  doc?: string;
  columns: ColumnModel[];
  /** A composite primary key (column keys). */
  primaryKey?: string[];
  indexes?: { name: string; columns: string[]; unique?: boolean }[];
  /** SQL both engines understand; `{key}` stands for a column of this table. */
  checks?: { name: string; expression: string }[];
  /** Kept by database triggers from other tables: left out of backups, rebuilt as a restore inserts its sources. */
  derived?: boolean;
}

const id = (): ColumnModel => ({ key: 'id', name: 'id', kind: 'id', primaryKey: true });
const createdAt = (): ColumnModel => ({ key: 'createdAt', name: 'created_at', kind: 'timestamp' });
const updatedAt = (): ColumnModel => ({ key: 'updatedAt', name: 'updated_at', kind: 'timestamp' });
const flag = (key: string, name: string): ColumnModel => ({ key, name, kind: 'flag', default: false });
const text = (key: string, name: string, extra: Partial<ColumnModel> = {}): ColumnModel => ({ key, name, kind: 'text', ...extra });
const userRef = (key: string, name: string, onDelete: 'cascade' | 'set null'): ColumnModel => ({
  key,
  name,
  kind: 'text',
  nullable: onDelete === 'set null',
  references: { table: 'users', column: 'id', onDelete },
});
const circleRef = (): ColumnModel => ({ key: 'circleId', name: 'circle_id', kind: 'text', references: { table: 'circles', column: 'id', onDelete: 'cascade' } });
const listRef = (): ColumnModel => ({ key: 'wishlistId', name: 'wishlist_id', kind: 'text', references: { table: 'wishlists', column: 'id', onDelete: 'cascade' } });

/** SQL names of the tables a backup leaves out (see TableModel.derived). */
export const derivedTableNames = (): Set<string> => new Set(MODEL.filter((table) => table.derived).map((table) => table.name));

/** Every table, parents before children (the order a full export/import writes them in). */
export const MODEL: TableModel[] = [
  {
    key: 'users',
    name: 'users',
    columns: [
      id(),
      text('name', 'name'),
      text('email', 'email'),
      text('passwordHash', 'password_hash'),
      text('country', 'country', { default: '' }),
      text('currency', 'currency', { default: 'GBP' }),
      flag('isAdmin', 'is_admin'),
      flag('isDisabled', 'is_disabled'),
      text('registeredOnDomain', 'registered_on_domain', { default: '' }),
      text('language', 'language', {
        nullable: true,
        doc: "The account's chosen language (a code in shared/src/languages.ts); null: the browser's language.",
      }),
      {
        key: 'tokenVersion',
        name: 'token_version',
        kind: 'integer',
        default: 0,
        doc: 'Bumped on logout, password change and reset: tokens carrying an older version stop working.',
      },
      createdAt(),
      updatedAt(),
    ],
    indexes: [{ name: 'users_email_unique', columns: ['email'], unique: true }],
  },
  {
    key: 'signupInvitations',
    name: 'signup_invitations',
    doc: 'Links an admin makes for one person to register while sign-ups are by invitation; the token is stored only as a hash, used once.',
    columns: [
      { key: 'tokenHash', name: 'token_hash', kind: 'text', primaryKey: true },
      userRef('createdById', 'created_by_id', 'set null'),
      createdAt(),
      { key: 'expiresAt', name: 'expires_at', kind: 'timestamp' },
      { key: 'usedAt', name: 'used_at', kind: 'timestamp', nullable: true },
    ],
  },
  {
    key: 'passwordResetTokens',
    name: 'password_reset_tokens',
    columns: [
      { key: 'tokenHash', name: 'token_hash', kind: 'text', primaryKey: true },
      userRef('userId', 'user_id', 'cascade'),
      { key: 'expiresAt', name: 'expires_at', kind: 'timestamp' },
      createdAt(),
    ],
    indexes: [{ name: 'password_reset_tokens_user_idx', columns: ['userId'] }],
  },
  {
    key: 'apiTokens',
    name: 'api_tokens',
    doc: "Personal API tokens: only the secret's hash is stored; last use is written at most once a minute.",
    columns: [
      id(),
      userRef('userId', 'user_id', 'cascade'),
      text('name', 'name'),
      text('scope', 'scope'),
      { key: 'tokenHash', name: 'token_hash', kind: 'text' },
      { key: 'expiresAt', name: 'expires_at', kind: 'timestamp', nullable: true },
      { key: 'lastUsedAt', name: 'last_used_at', kind: 'timestamp', nullable: true },
      createdAt(),
    ],
    indexes: [
      { name: 'api_tokens_hash_unique', columns: ['tokenHash'], unique: true },
      { name: 'api_tokens_user_idx', columns: ['userId'] },
    ],
    checks: [{ name: 'api_tokens_scope', expression: "{scope} IN ('read', 'read-write', 'admin')" }],
  },
  {
    key: 'oidcIdentities',
    name: 'oidc_identities',
    doc: 'An OpenID Connect sign-in linked to an account: the provider (issuer) and its subject identify the person.',
    columns: [
      text('issuer', 'issuer'),
      text('subject', 'subject'),
      userRef('userId', 'user_id', 'cascade'),
      createdAt(),
    ],
    primaryKey: ['issuer', 'subject'],
    indexes: [{ name: 'oidc_identities_user_idx', columns: ['userId'] }],
  },
  {
    key: 'oidcSessions',
    name: 'oidc_sessions',
    doc: "A session opened through an OpenID Connect provider, found by its token's hash: the ID token is kept for signing out at the provider (id_token_hint).",
    columns: [
      { key: 'tokenHash', name: 'token_hash', kind: 'text', primaryKey: true },
      userRef('userId', 'user_id', 'cascade'),
      text('issuer', 'issuer'),
      text('idToken', 'id_token'),
      { key: 'expiresAt', name: 'expires_at', kind: 'timestamp' },
    ],
    indexes: [{ name: 'oidc_sessions_user_idx', columns: ['userId'] }],
  },
  {
    key: 'domainConfigs',
    name: 'domain_configs',
    columns: [
      id(),
      text('hostname', 'hostname'),
      text('companyName', 'company_name'),
      text('logoUrl', 'logo_url'),
      text('primaryColor', 'primary_color', { default: '#363636' }),
      text('secondaryColor', 'secondary_color', { default: '#e84393' }),
      text('landingPageHeadline', 'landing_page_headline', { default: '' }),
      text('landingPageSubheadline', 'landing_page_subheadline', { default: '' }),
      createdAt(),
      updatedAt(),
    ],
    indexes: [{ name: 'domain_configs_hostname_unique', columns: ['hostname'], unique: true }],
  },
  {
    key: 'instanceSettings',
    name: 'instance_settings',
    doc: "The settings an admin changes in the console (features/instance-settings): one row per setting, its value as JSON; an environment variable set for it wins.",
    columns: [
      { key: 'name', name: 'name', kind: 'text', primaryKey: true },
      text('value', 'value'),
      updatedAt(),
    ],
  },
  {
    key: 'wishlists',
    name: 'wishlists',
    columns: [
      id(),
      text('name', 'name'),
      text('description', 'description', { default: '' }),
      text('theme', 'theme', { default: 'Other' }),
      flag('isRecurring', 'is_recurring'),
      text('eventDate', 'event_date', { nullable: true }),
      { key: 'expiresAt', name: 'expires_at', kind: 'timestamp', nullable: true },
      text('coverImage', 'cover_image', { nullable: true }),
      text('colorSet', 'color_set', { default: 'default' }),
      { ...userRef('ownerId', 'owner_id', 'set null'), doc: 'Null for a guest list (changed only with its edit capability) or after its owner left.' },
      flag('isDeleted', 'is_deleted'),
      flag('isDisabled', 'is_disabled'),
      {
        key: 'surpriseUntil',
        name: 'surprise_until',
        kind: 'timestamp',
        nullable: true,
        doc: 'Surprise mode: until then the owner (and editors, unless editors_see_claims) see no purchase state.',
      },
      flag('editorsSeeClaims', 'editors_see_claims'),
      flag('allowOverPledge', 'allow_over_pledge'),
      { key: 'revealMailedAt', name: 'reveal_mailed_at', kind: 'timestamp', nullable: true, doc: "When the surprise's end was handled (the owner mailed once)." },
      { key: 'priceWatch', name: 'price_watch', kind: 'flag', default: true, doc: "The owner's switch for the price watch of the whole list" },
      { ...flag('showSuggestions', 'show_suggestions'), doc: "The owner's choice to see the gift ideas others add to the list (never who reserved them)" },
      {
        key: 'remindersFrom',
        name: 'reminders_from',
        kind: 'timestamp',
        nullable: true,
        doc: "When the reminders job next looks at the list: the start of its next event's reminder window (null: no event ahead). Set by the job; a changed event date makes it due at once.",
      },
      createdAt(),
      updatedAt(),
    ],
    indexes: [
      { name: 'wishlists_owner_idx', columns: ['ownerId'] },
      // The reminders job reads only the lists whose window has begun.
      { name: 'wishlists_reminders_idx', columns: ['remindersFrom'] },
      // The Dashboard counts lists as all minus deleted ones (few): a count of the whole table needs no scan of its rows.
      { name: 'wishlists_deleted_idx', columns: ['isDeleted'] },
    ],
  },
  {
    key: 'wishlistEditors',
    name: 'wishlist_editors',
    columns: [listRef(), userRef('userId', 'user_id', 'cascade'), createdAt()],
    primaryKey: ['wishlistId', 'userId'],
    indexes: [{ name: 'wishlist_editors_user_idx', columns: ['userId'] }],
  },
  {
    key: 'wishlistCapabilities',
    name: 'wishlist_capabilities',
    doc: 'Secret edit capabilities of ownerless guest lists; only the hash is stored.',
    columns: [{ key: 'secretHash', name: 'secret_hash', kind: 'text', primaryKey: true }, listRef(), createdAt()],
    indexes: [{ name: 'wishlist_capabilities_list_idx', columns: ['wishlistId'] }],
  },
  {
    key: 'editorInvitations',
    name: 'editor_invitations',
    doc: 'Invitations to edit a list, mailed to any address; the link token is stored only as a hash.',
    columns: [
      id(),
      { key: 'tokenHash', name: 'token_hash', kind: 'text' },
      listRef(),
      text('email', 'email'),
      userRef('invitedById', 'invited_by_id', 'cascade'),
      createdAt(),
      { key: 'expiresAt', name: 'expires_at', kind: 'timestamp' },
      { key: 'acceptedAt', name: 'accepted_at', kind: 'timestamp', nullable: true },
      userRef('acceptedById', 'accepted_by_id', 'set null'),
    ],
    indexes: [
      { name: 'editor_invitations_token_unique', columns: ['tokenHash'], unique: true },
      { name: 'editor_invitations_list_idx', columns: ['wishlistId'] },
    ],
  },
  {
    key: 'items',
    name: 'items',
    columns: [
      id(),
      listRef(),
      text('title', 'title'),
      text('url', 'url', { default: '' }),
      text('shopDomain', 'shop_domain', { default: '', doc: "The link's shop (shopDomainOf), '' without an http(s) link; set on every save" }),
      text('notes', 'notes', { default: '' }),
      text('description', 'description', { default: '' }),
      { key: 'quantity', name: 'quantity', kind: 'integer', default: 1 },
      text('priority', 'priority', { default: 'Medium' }),
      text('price', 'price', { default: '' }),
      {
        key: 'priceMinor',
        name: 'price_minor',
        kind: 'bigint',
        nullable: true,
        doc: 'The price in minor units (toMinorUnits), null when it is not a plain amount; set on every save',
      },
      text('currency', 'currency', { default: 'GBP' }),
      text('imageUrl', 'image_url', { default: '' }),
      text('storedImageUrl', 'stored_image_url', { default: '', doc: "Our copy of a shop's image (/uploads/…), '' when none" }),
      { key: 'imageCheckedAt', name: 'image_checked_at', kind: 'timestamp', nullable: true, doc: 'When copying the image was settled: copied or given up (null: a copy is pending)' },
      { key: 'imageCopyTries', name: 'image_copy_tries', kind: 'integer', default: 0, doc: 'Attempts at copying the current image so far' },
      {
        key: 'imageCopyDueAt',
        name: 'image_copy_due_at',
        kind: 'timestamp',
        nullable: true,
        doc: 'A pending copy is not tried before this (null: at once); a replica taking it sets it past its lease, a failure to its back-off',
      },
      flag('isGroupGift', 'is_group_gift'),
      text('giftCardUrl', 'gift_card_url', { default: '' }),
      { key: 'quantityPurchased', name: 'quantity_purchased', kind: 'integer', default: 0 },
      { key: 'pledgedMinor', name: 'pledged_minor', kind: 'integer', default: 0, doc: 'Group gifts: the sum of pledges in minor units (pence).' },
      { key: 'pledgeCount', name: 'pledge_count', kind: 'integer', default: 0 },
      {
        key: 'purchasesHiddenUntil',
        name: 'purchases_hidden_until',
        kind: 'timestamp',
        nullable: true,
        doc: "Moved out of a surprise list: its purchases stay hidden from owners and editors until then (that list's reveal)",
      },
      text('referralProgram', 'referral_program', { nullable: true }),
      { key: 'position', name: 'position', kind: 'integer', default: 0, doc: "Place in its list's order, set by the owner (0 first); a new item goes after the last" },
      text('priceSource', 'price_source', { default: 'manual', doc: "Where the price came from: 'shop' (the price watch may replace it) or 'manual' (typed or changed by hand: never overwritten)" }),
      { key: 'priceWatch', name: 'price_watch', kind: 'flag', default: true, doc: "The owner's switch for this item's price watch" },
      {
        key: 'nextCheckAt',
        name: 'next_check_at',
        kind: 'timestamp',
        nullable: true,
        doc: 'When the price watch checks the shop link next (null: no shop link); a check in progress sets it past its lease',
      },
      { key: 'priceSeenAt', name: 'price_seen_at', kind: 'timestamp', nullable: true, doc: 'When the shop last showed a price (the last good check)' },
      { key: 'priceCheckedAt', name: 'price_checked_at', kind: 'timestamp', nullable: true, doc: 'When the price watch last tried, good or not' },
      { key: 'priceCheckFailures', name: 'price_check_failures', kind: 'integer', default: 0, doc: 'Failed checks in a row (their back-off)' },
      text('availability', 'availability', { default: '', doc: "'in_stock', 'gone' (the shop no longer sells it) or '' (not known)" }),
      { key: 'wasPriceMinor', name: 'was_price_minor', kind: 'bigint', nullable: true, doc: 'The price before the last drop the price watch saw (null: no drop)' },
      createdAt(),
      updatedAt(),
    ],
    indexes: [
      { name: 'items_wishlist_idx', columns: ['wishlistId', 'createdAt'] },
      // The price watch's queue: due checks found by index, never by scanning items.
      { name: 'items_next_check_idx', columns: ['nextCheckAt'] },
      // The Dashboard counts per program from this index alone (Referral Opportunities reads shop_totals).
      { name: 'items_referral_program_idx', columns: ['referralProgram'] },
      // The image copy job's queue: pending copies (image_checked_at null) by when they are due.
      { name: 'items_image_copy_idx', columns: ['imageCheckedAt', 'imageCopyDueAt'] },
    ],
    checks: [
      { name: 'items_quantity_min', expression: '{quantity} >= 1' },
      { name: 'items_no_oversell', expression: '{quantityPurchased} >= 0 AND {quantityPurchased} <= {quantity}' },
    ],
  },
  {
    key: 'priceHistory',
    name: 'price_history',
    doc: "What the price watch saw at each good check of an item's shop link.",
    columns: [
      id(),
      { key: 'itemId', name: 'item_id', kind: 'text', references: { table: 'items', column: 'id', onDelete: 'cascade' } },
      { key: 'checkedAt', name: 'checked_at', kind: 'timestamp' },
      { key: 'priceMinor', name: 'price_minor', kind: 'bigint', nullable: true },
      text('price', 'price', { default: '' }),
      text('currency', 'currency', { default: '' }),
      text('availability', 'availability', { default: '' }),
    ],
    indexes: [{ name: 'price_history_item_idx', columns: ['itemId', 'checkedAt'] }],
  },
  {
    key: 'shopTotals',
    name: 'shop_totals',
    doc: "Referral Opportunities' figures per shop domain and currency, kept by triggers on items (migration shop-totals) in the writing transaction.",
    derived: true,
    columns: [
      text('shopDomain', 'shop_domain'),
      text('currency', 'currency'),
      { key: 'itemCount', name: 'item_count', kind: 'integer' },
      { key: 'pricedCount', name: 'priced_count', kind: 'integer', doc: 'Items with a plain amount as price' },
      { key: 'totalMinor', name: 'total_minor', kind: 'bigint', doc: 'Price × quantity over the priced items, in minor units' },
    ],
    primaryKey: ['shopDomain', 'currency'],
  },
  {
    key: 'claims',
    name: 'claims',
    doc: "A guest's purchase mark on an item; the item's quantity_purchased is the sum of its claims.",
    columns: [
      id(),
      { key: 'itemId', name: 'item_id', kind: 'text', references: { table: 'items', column: 'id', onDelete: 'cascade' } },
      listRef(),
      { key: 'quantity', name: 'quantity', kind: 'integer' },
      text('kind', 'kind', { default: 'purchase', doc: "'purchase' (quantity units) or 'pledge' (amount_minor towards a group gift)." }),
      { key: 'amountMinor', name: 'amount_minor', kind: 'integer', default: 0 },
      text('name', 'name', { default: '' }),
      text('email', 'email', { default: '' }),
      userRef('userId', 'user_id', 'set null'),
      text('tokenHash', 'token_hash', { nullable: true, doc: 'SHA-256 of the manage token (shown once); null for purchases made before claims existed.' }),
      createdAt(),
      updatedAt(),
    ],
    indexes: [
      // With the name: the owner's view reads only the claims that carry a buyer's name, per item or per list.
      { name: 'claims_item_name_idx', columns: ['itemId', 'name'] },
      { name: 'claims_list_name_idx', columns: ['wishlistId', 'name'] },
      { name: 'claims_user_idx', columns: ['userId'] },
      { name: 'claims_token_unique', columns: ['tokenHash'], unique: true },
    ],
    checks: [{ name: 'claims_quantity_min', expression: '{quantity} >= 0' }],
  },
  {
    key: 'uploads',
    name: 'uploads',
    columns: [
      id(),
      text('fileName', 'file_name'),
      text('contentType', 'content_type'),
      { key: 'sizeBytes', name: 'size_bytes', kind: 'integer' },
      userRef('uploadedById', 'uploaded_by_id', 'set null'),
      {
        key: 'guestListId',
        name: 'guest_list_id',
        kind: 'text',
        nullable: true,
        references: { table: 'wishlists', column: 'id', onDelete: 'set null' },
        doc: 'The ownerless list a guest uploaded for (its storage quota); its account takes the upload over when the list is claimed.',
      },
      createdAt(),
    ],
    indexes: [
      { name: 'uploads_file_name_unique', columns: ['fileName'], unique: true },
      { name: 'uploads_guest_list_idx', columns: ['guestListId'] },
    ],
  },
  {
    key: 'uploadUsage',
    name: 'upload_usage',
    doc: "Bytes of images each owner keeps ('user:' and an account id, or 'list:' and a guest list's id for an upload with no account), the sum of its uploads' sizes, kept by triggers on uploads (migration upload-usage). A new upload first takes its owner's row with a conditional upsert, the quota check that concurrent uploads cannot pass together (uploads/service.ts).",
    derived: true,
    columns: [
      { key: 'ownerKey', name: 'owner_key', kind: 'text', primaryKey: true },
      { key: 'usedBytes', name: 'used_bytes', kind: 'bigint' },
    ],
  },
  {
    key: 'referralRules',
    name: 'referral_rules',
    columns: [
      id(),
      text('matcher', 'matcher'),
      text('programName', 'program_name'),
      text('referralCode', 'referral_code', { default: '' }),
      text('idRegex', 'id_regex', { default: '' }),
      text('urlStructure', 'url_structure', { default: '' }),
      text('giftCardUrl', 'gift_card_url', { nullable: true }),
      createdAt(),
      updatedAt(),
    ],
  },
  {
    key: 'scraperConfigs',
    name: 'scraper_configs',
    columns: [
      id(),
      text('domain', 'domain'),
      text('strategy', 'strategy', { default: 'cheerio' }),
      text('notes', 'notes', { default: '' }),
      text('titleSelector', 'title_selector', { default: '' }),
      text('priceSelector', 'price_selector', { default: '' }),
      text('imageSelector', 'image_selector', { default: '' }),
      text('imageAttribute', 'image_attribute', { default: 'src' }),
      flag('isPriceComplex', 'is_price_complex'),
      { key: 'averageScrapeTimeMs', name: 'average_scrape_time_ms', kind: 'real', nullable: true },
      { key: 'scrapeCount', name: 'scrape_count', kind: 'integer', default: 0 },
      createdAt(),
      updatedAt(),
    ],
    indexes: [{ name: 'scraper_configs_domain_unique', columns: ['domain'], unique: true }],
  },
  {
    key: 'scrapeLogs',
    name: 'scrape_logs',
    columns: [
      id(),
      createdAt(),
      text('sourceUrl', 'source_url'),
      { key: 'success', name: 'success', kind: 'flag' },
      { key: 'durationMs', name: 'duration_ms', kind: 'integer', nullable: true },
      text('strategy', 'strategy', { nullable: true }),
      text('error', 'error', { nullable: true }),
      userRef('requestedById', 'requested_by_id', 'set null'),
      text('ipAddress', 'ip_address', { default: '' }),
    ],
    indexes: [{ name: 'scrape_logs_created_idx', columns: ['createdAt'] }],
  },
  {
    key: 'emailLogs',
    name: 'email_logs',
    columns: [
      id(),
      createdAt(),
      text('recipient', 'recipient'),
      text('subject', 'subject'),
      userRef('sentById', 'sent_by_id', 'set null'),
      text('status', 'status'),
    ],
    indexes: [{ name: 'email_logs_created_idx', columns: ['createdAt'] }],
  },
  {
    key: 'mailOutbox',
    name: 'mail_outbox',
    doc: "Mail waiting to go out or settled (sent, failed): written with the change that caused it, sent by the outbox worker (mail/outbox.ts). Its id is also its e-mail log row's.",
    columns: [
      id(),
      createdAt(),
      text('recipient', 'recipient'),
      text('subject', 'subject'),
      text('bodyText', 'body_text'),
      text('bodyHtml', 'body_html', { nullable: true }),
      text('headers', 'headers', { nullable: true, doc: 'Extra headers as JSON (List-Unsubscribe on followers\' mail)' }),
      text('messageId', 'message_id', { doc: 'The Message-ID header every try carries, so a mail sent twice after a crash reads as one' }),
      text('state', 'state', { default: 'queued', doc: "queued, retrying, sending (a worker holds it until due_at), sent or failed" }),
      { key: 'tries', name: 'tries', kind: 'integer', default: 0 },
      {
        key: 'dueAt',
        name: 'due_at',
        kind: 'timestamp',
        nullable: true,
        doc: 'Not tried before this: the back-off after a failure, or the end of the sending lease; null once sent or failed',
      },
    ],
    indexes: [{ name: 'mail_outbox_due_idx', columns: ['dueAt'] }],
  },
  {
    key: 'leases',
    name: 'leases',
    doc: 'Work one process at a time does across replicas (the mail outbox): the holder keeps it by renewing it before it expires.',
    columns: [
      { key: 'name', name: 'name', kind: 'text', primaryKey: true },
      text('holder', 'holder'),
      { key: 'expiresAt', name: 'expires_at', kind: 'timestamp' },
    ],
  },
  {
    key: 'visitorProfiles',
    name: 'visitor_profiles',
    doc: "What the visitor log records of a page view besides its time and address, each distinct combination once (few: domains x places x browsers). Its id is a hash of the values (visitor-profile.ts), so writers need no lookup. The log's text search reads this small table, then the log by profile_id.",
    columns: [
      id(),
      text('domain', 'domain'),
      text('city', 'city', { default: '' }),
      text('country', 'country', { default: '' }),
      text('userAgent', 'user_agent', { default: '' }),
    ],
  },
  {
    key: 'visitorLogs',
    name: 'visitor_logs',
    doc: "One row per visitor's page views of a domain in one browser within a batch (at most a second; `views` counts them), so a reload flood is a row a second, not thousands; an address's views beyond 20 rows a batch are counted on its first. Ids are time-ordered, so every index but the address one grows at its end (cheap to write).",
    columns: [
      id(),
      createdAt(),
      { key: 'profileId', name: 'profile_id', kind: 'text', references: { table: 'visitor_profiles', column: 'id', onDelete: 'cascade' } },
      text('ipAddress', 'ip_address'),
      { key: 'views', name: 'views', kind: 'integer', default: 1 },
    ],
    indexes: [
      { name: 'visitor_logs_created_idx', columns: ['createdAt'] },
      { name: 'visitor_logs_profile_idx', columns: ['profileId', 'createdAt'] },
      { name: 'visitor_logs_address_idx', columns: ['ipAddress', 'createdAt'] },
    ],
  },
  {
    key: 'visitorAddresses',
    name: 'visitor_addresses',
    doc: "Each address in the visitor log once, with its latest visit: the Dashboard's Unique Visitors counts these instead of DISTINCT over the log. Written with the log, pruned with it, rebuilt from it when empty.",
    columns: [
      { key: 'ipAddress', name: 'ip_address', kind: 'text', primaryKey: true },
      { key: 'lastSeenAt', name: 'last_seen_at', kind: 'timestamp' },
    ],
    indexes: [{ name: 'visitor_addresses_seen_idx', columns: ['lastSeenAt'] }],
  },
{
    key: 'listFollowers',
    name: 'list_followers',
    doc: "People following a list by e-mail (double opt-in: no digest before confirmedAt) or through their account (confirmed at once). `manageToken` is the secret of the follower's confirm, manage and unsubscribe links: every digest carries it, so it is kept as it is.",
    columns: [
      id(),
      listRef(),
      text('email', 'email'),
      userRef('userId', 'user_id', 'set null'),
      text('manageToken', 'manage_token'),
      { key: 'confirmedAt', name: 'confirmed_at', kind: 'timestamp', nullable: true },
      text('frequency', 'frequency', { default: 'weekly' }),
      { key: 'reminderDays', name: 'reminder_days', kind: 'integer', nullable: true, doc: 'Days before the event date to send a reminder (null: none).' },
      { key: 'digestFrom', name: 'digest_from', kind: 'timestamp', nullable: true, doc: 'The next digest holds the changes recorded after this (set at confirmation and at each digest turn).' },
      { key: 'nextDigestAt', name: 'next_digest_at', kind: 'timestamp', nullable: true, doc: 'When the next digest is due (null: not confirmed).' },
      createdAt(),
    ],
    indexes: [
      { name: 'list_followers_list_email_unique', columns: ['wishlistId', 'email'], unique: true },
      { name: 'list_followers_token_unique', columns: ['manageToken'], unique: true },
      { name: 'list_followers_digest_idx', columns: ['nextDigestAt'] },
      { name: 'list_followers_user_idx', columns: ['userId'] },
    ],
    checks: [{ name: 'list_followers_frequency', expression: "{frequency} IN ('daily', 'weekly')" }],
  },
  {
    key: 'listChanges',
    name: 'list_changes',
    doc: "What followers' digests report: items added or removed, price drops, the event date moved. Never purchases or reservations. Kept 60 days.",
    columns: [
      id(),
      listRef(),
      text('kind', 'kind'),
      text('itemId', 'item_id', { nullable: true }),
      text('title', 'title', { default: '' }),
      text('was', 'was', { nullable: true }),
      text('now', 'now', { nullable: true }),
      createdAt(),
    ],
    indexes: [{ name: 'list_changes_list_idx', columns: ['wishlistId', 'createdAt'] }],
    checks: [{ name: 'list_changes_kind', expression: "{kind} IN ('item-added', 'item-removed', 'price-dropped', 'date-moved')" }],
  },
  {
    key: 'remindersSent',
    name: 'reminders_sent',
    doc: 'One row per reminder sent (a follower, or the owner) for one occurrence of a list\'s event: each goes out once.',
    columns: [listRef(), text('recipient', 'recipient'), text('occurrence', 'occurrence'), createdAt()],
    primaryKey: ['wishlistId', 'recipient', 'occurrence'],
  },
  {
    key: 'notifications',
    name: 'notifications',
    doc: "The bell's entries for an account. `detail` holds the item's title or the event day; never who reserved or bought what.",
    columns: [
      id(),
      userRef('userId', 'user_id', 'cascade'),
      text('kind', 'kind'),
      { ...listRef(), nullable: true },
      text('listName', 'list_name', { default: '' }),
      text('detail', 'detail', { default: '' }),
      { key: 'readAt', name: 'read_at', kind: 'timestamp', nullable: true },
      { ...flag('mailPending', 'mail_pending'), doc: 'The account wants this kind by mail too and it has not gone out yet.' },
      createdAt(),
    ],
    indexes: [
      { name: 'notifications_user_idx', columns: ['userId', 'createdAt'] },
      // The bell's unread count on every page: the caller's unread entries only, from the index alone.
      { name: 'notifications_unread_idx', columns: ['userId', 'readAt'] },
      // The mail job's turn: the pending entries, oldest first, a turn's worth read from the index (pendingMails).
      { name: 'notifications_mail_idx', columns: ['mailPending', 'createdAt'] },
    ],
  },
  {
    key: 'notificationMailKinds',
    name: 'notification_mail_kinds',
    doc: 'The notification kinds an account also wants by e-mail (a row: yes).',
    columns: [userRef('userId', 'user_id', 'cascade'), text('kind', 'kind')],
    primaryKey: ['userId', 'kind'],
  },
  {
    key: 'circles',
    name: 'circles',
    doc: 'A gift circle: people who see the lists each member shares with it. The join token is the invite link (renewed by the creator), kept as its SHA-256 hash.',
    columns: [
      id(),
      text('name', 'name'),
      { ...userRef('creatorId', 'creator_id', 'set null'), doc: 'Who may invite, remove members and hand the circle over (null after that account is deleted).' },
      text('joinTokenHash', 'join_token_hash'),
      createdAt(),
      updatedAt(),
    ],
    indexes: [{ name: 'circles_join_token_hash_unique', columns: ['joinTokenHash'], unique: true }],
  },
  {
    key: 'circleMembers',
    name: 'circle_members',
    columns: [circleRef(), userRef('userId', 'user_id', 'cascade'), createdAt()],
    primaryKey: ['circleId', 'userId'],
    indexes: [{ name: 'circle_members_user_idx', columns: ['userId'] }],
  },
  {
    key: 'circleLists',
    name: 'circle_lists',
    doc: "The lists a member shows a circle (the member's own lists only).",
    columns: [circleRef(), listRef(), userRef('userId', 'user_id', 'cascade'), createdAt()],
    primaryKey: ['circleId', 'wishlistId'],
    indexes: [{ name: 'circle_lists_list_idx', columns: ['wishlistId'] }],
  },
  {
    key: 'circleInvitations',
    name: 'circle_invitations',
    doc: "Invitations to a circle mailed by its creator, each with a link of its own (the circle's own link is shown only when made); the token is stored only as a hash.",
    columns: [{ key: 'tokenHash', name: 'token_hash', kind: 'text', primaryKey: true }, circleRef(), text('email', 'email'), createdAt(), { key: 'expiresAt', name: 'expires_at', kind: 'timestamp' }],
    indexes: [{ name: 'circle_invitations_circle_idx', columns: ['circleId'] }],
  },
  {
    key: 'suggestions',
    name: 'suggestions',
    doc: "Gift ideas a circle member or an editor adds to someone else's list: never shown to the owner unless the list's show_suggestions is on, and then never who reserved them.",
    columns: [
      id(),
      listRef(),
      userRef('suggestedById', 'suggested_by_id', 'set null'),
      text('title', 'title'),
      text('url', 'url', { default: '' }),
      text('price', 'price', { default: '' }),
      text('currency', 'currency', { default: 'GBP' }),
      text('notes', 'notes', { default: '' }),
      userRef('reservedById', 'reserved_by_id', 'set null'),
      { key: 'reservedAt', name: 'reserved_at', kind: 'timestamp', nullable: true },
      createdAt(),
      updatedAt(),
    ],
    indexes: [{ name: 'suggestions_list_idx', columns: ['wishlistId', 'createdAt'] }],
  },
  {
    key: 'draws',
    name: 'draws',
    doc: "Secret Santa draws. The organiser sees the participants and who opened their result, never the pairs (those are in draw_participants.recipient_id, read only for the participant themselves). `circleId` names the gift circle it was made from, if any.",
    columns: [
      id(),
      userRef('organiserId', 'organiser_id', 'cascade'),
      text('circleId', 'circle_id', { nullable: true }),
      text('avoidDrawId', 'avoid_draw_id', { nullable: true, doc: 'An earlier draw of the same organiser whose pairs this one avoids (giver to giftee, never shown). No foreign key: a deleted draw is simply no longer avoided.' }),
      text('name', 'name', { default: '' }),
      { key: 'budgetMinor', name: 'budget_minor', kind: 'integer', nullable: true },
      text('currency', 'currency', { nullable: true }),
      text('giftDate', 'gift_date', { nullable: true, doc: 'The day gifts are exchanged (YYYY-MM-DD).' }),
      { key: 'drawnAt', name: 'drawn_at', kind: 'timestamp', nullable: true },
      createdAt(),
    ],
    indexes: [{ name: 'draws_organiser_idx', columns: ['organiserId', 'createdAt'] }],
  },
  {
    key: 'drawParticipants',
    name: 'draw_participants',
    doc: "A draw's participants. `resultToken` is the secret of the participant's result link (mailed, so kept as it is); `recipientId` is whom they give to (a participant of the same draw), set by the draw.",
    columns: [
      id(),
      { key: 'drawId', name: 'draw_id', kind: 'text', references: { table: 'draws', column: 'id', onDelete: 'cascade' } },
      { key: 'position', name: 'position', kind: 'integer' },
      text('name', 'name'),
      text('email', 'email'),
      text('resultToken', 'result_token'),
      text('recipientId', 'recipient_id', { nullable: true }),
      { key: 'openedAt', name: 'opened_at', kind: 'timestamp', nullable: true },
      { key: 'wishlistId', name: 'wishlist_id', kind: 'text', nullable: true, references: { table: 'wishlists', column: 'id', onDelete: 'set null' }, doc: 'The list the participant attached for their giver.' },
      { ...flag('fromCircle', 'from_circle'), doc: "Taken from the draw's circle: the organiser sees the name, not the address." },
      text('userId', 'user_id', { nullable: true, doc: "The participant's account: the one with this address when the draw was made, else the first signed-in account to open the result link. The account's draws and a later draw avoiding this one match people by it (an address may change). No foreign key, as circle_id." }),
    ],
    indexes: [
      { name: 'draw_participants_email_unique', columns: ['drawId', 'email'], unique: true },
      { name: 'draw_participants_token_unique', columns: ['resultToken'], unique: true },
      { name: 'draw_participants_by_email_idx', columns: ['email'] },
      { name: 'draw_participants_by_user_idx', columns: ['userId'] },
    ],
  },
  {
    key: 'drawExclusions',
    name: 'draw_exclusions',
    doc: 'Pairs of participants who must not draw each other (either way).',
    columns: [
      { key: 'drawId', name: 'draw_id', kind: 'text', references: { table: 'draws', column: 'id', onDelete: 'cascade' } },
      text('firstId', 'first_id'),
      text('secondId', 'second_id'),
    ],
    primaryKey: ['drawId', 'firstId', 'secondId'],
  },
  {
    key: 'drawQuestions',
    name: 'draw_questions',
    doc: "Anonymous questions from a giver to their giftee; the giftee's answers never name the asker.",
    columns: [
      id(),
      { key: 'drawId', name: 'draw_id', kind: 'text', references: { table: 'draws', column: 'id', onDelete: 'cascade' } },
      text('askerId', 'asker_id'),
      text('gifteeId', 'giftee_id'),
      text('question', 'question'),
      text('answer', 'answer', { nullable: true }),
      { key: 'answeredAt', name: 'answered_at', kind: 'timestamp', nullable: true },
      createdAt(),
    ],
    indexes: [{ name: 'draw_questions_draw_idx', columns: ['drawId', 'createdAt'] }],
  },
];
