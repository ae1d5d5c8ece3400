/**
 * The database schema (spec section 3 plus what the design needs). Timestamps are Unix ms.
 * Change it, then `bun run db:generate` to add a migration; migrations are applied at start.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

const id = () => text('id').primaryKey();
const createdAt = () => integer('created_at', { mode: 'timestamp_ms' }).notNull();
const updatedAt = () => integer('updated_at', { mode: 'timestamp_ms' }).notNull();
const flag = (name: string) => integer(name, { mode: 'boolean' }).notNull().default(false);

export const users = sqliteTable('users', {
  id: id(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  passwordHash: text('password_hash').notNull(),
  country: text('country').notNull().default(''),
  currency: text('currency').notNull().default('GBP'),
  isAdmin: flag('is_admin'),
  isDisabled: flag('is_disabled'),
  registeredOnDomain: text('registered_on_domain').notNull().default(''),
  /** Bumped on logout, password change and reset: tokens carrying an older version stop working. */
  tokenVersion: integer('token_version').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [uniqueIndex('users_email_unique').on(t.email)]);

export const passwordResetTokens = sqliteTable('password_reset_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  userId: text('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
  createdAt: createdAt(),
}, (t) => [index('password_reset_tokens_user_idx').on(t.userId)]);

export const domainConfigs = sqliteTable('domain_configs', {
  id: id(),
  hostname: text('hostname').notNull(),
  companyName: text('company_name').notNull(),
  logoUrl: text('logo_url').notNull(),
  primaryColor: text('primary_color').notNull().default('#363636'),
  secondaryColor: text('secondary_color').notNull().default('#e84393'),
  landingPageHeadline: text('landing_page_headline').notNull().default(''),
  landingPageSubheadline: text('landing_page_subheadline').notNull().default(''),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [uniqueIndex('domain_configs_hostname_unique').on(t.hostname)]);

export const wishlists = sqliteTable('wishlists', {
  id: id(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  theme: text('theme').notNull().default('Other'),
  isRecurring: flag('is_recurring'),
  eventDate: text('event_date'),
  expiresAt: integer('expires_at', { mode: 'timestamp_ms' }),
  coverImage: text('cover_image'),
  colorSet: text('color_set').notNull().default('default'),
  /** Null for a guest list (changed only with its edit capability) or after its owner left. */
  ownerId: text('owner_id').references(() => users.id, { onDelete: 'set null' }),
  isDeleted: flag('is_deleted'),
  isDisabled: flag('is_disabled'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [index('wishlists_owner_idx').on(t.ownerId)]);

export const wishlistEditors = sqliteTable('wishlist_editors', {
  wishlistId: text('wishlist_id').notNull().references(() => wishlists.id, { onDelete: 'cascade' }),
  userId: text('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
}, (t) => [primaryKey({ columns: [t.wishlistId, t.userId] }), index('wishlist_editors_user_idx').on(t.userId)]);

/** Secret edit capabilities of ownerless guest lists; only the hash is stored. */
export const wishlistCapabilities = sqliteTable('wishlist_capabilities', {
  secretHash: text('secret_hash').primaryKey(),
  wishlistId: text('wishlist_id').notNull().references(() => wishlists.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
}, (t) => [index('wishlist_capabilities_list_idx').on(t.wishlistId)]);

export const items = sqliteTable('items', {
  id: id(),
  wishlistId: text('wishlist_id').notNull().references(() => wishlists.id, { onDelete: 'cascade' }),
  title: text('title').notNull(),
  url: text('url').notNull().default(''),
  notes: text('notes').notNull().default(''),
  quantity: integer('quantity').notNull().default(1),
  priority: text('priority').notNull().default('Medium'),
  price: text('price').notNull().default(''),
  currency: text('currency').notNull().default('GBP'),
  imageUrl: text('image_url').notNull().default(''),
  isGroupGift: flag('is_group_gift'),
  giftCardUrl: text('gift_card_url').notNull().default(''),
  quantityPurchased: integer('quantity_purchased').notNull().default(0),
  purchasedBy: text('purchased_by').notNull().default(''),
  referralProgram: text('referral_program'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  index('items_wishlist_idx').on(t.wishlistId, t.createdAt),
  check('items_quantity_min', sql`${t.quantity} >= 1`),
  check('items_no_oversell', sql`${t.quantityPurchased} >= 0 AND ${t.quantityPurchased} <= ${t.quantity}`),
]);

export const uploads = sqliteTable('uploads', {
  id: id(),
  fileName: text('file_name').notNull(),
  contentType: text('content_type').notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  uploadedById: text('uploaded_by_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('uploads_file_name_unique').on(t.fileName)]);

export const referralRules = sqliteTable('referral_rules', {
  id: id(),
  matcher: text('matcher').notNull(),
  programName: text('program_name').notNull(),
  referralCode: text('referral_code').notNull().default(''),
  idRegex: text('id_regex').notNull().default(''),
  urlStructure: text('url_structure').notNull().default(''),
  giftCardUrl: text('gift_card_url'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const scraperConfigs = sqliteTable('scraper_configs', {
  id: id(),
  domain: text('domain').notNull(),
  strategy: text('strategy').notNull().default('cheerio'),
  notes: text('notes').notNull().default(''),
  titleSelector: text('title_selector').notNull().default(''),
  priceSelector: text('price_selector').notNull().default(''),
  imageSelector: text('image_selector').notNull().default(''),
  imageAttribute: text('image_attribute').notNull().default('src'),
  isPriceComplex: flag('is_price_complex'),
  averageScrapeTimeMs: real('average_scrape_time_ms'),
  scrapeCount: integer('scrape_count').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [uniqueIndex('scraper_configs_domain_unique').on(t.domain)]);

export const scrapeLogs = sqliteTable('scrape_logs', {
  id: id(),
  createdAt: createdAt(),
  sourceUrl: text('source_url').notNull(),
  success: integer('success', { mode: 'boolean' }).notNull(),
  durationMs: integer('duration_ms'),
  strategy: text('strategy'),
  error: text('error'),
  requestedById: text('requested_by_id').references(() => users.id, { onDelete: 'set null' }),
  ipAddress: text('ip_address').notNull().default(''),
}, (t) => [index('scrape_logs_created_idx').on(t.createdAt)]);

export const emailLogs = sqliteTable('email_logs', {
  id: id(),
  createdAt: createdAt(),
  recipient: text('recipient').notNull(),
  subject: text('subject').notNull(),
  sentById: text('sent_by_id').references(() => users.id, { onDelete: 'set null' }),
  status: text('status').notNull(),
}, (t) => [index('email_logs_created_idx').on(t.createdAt)]);

export const visitorLogs = sqliteTable('visitor_logs', {
  id: id(),
  createdAt: createdAt(),
  domain: text('domain').notNull(),
  city: text('city').notNull().default(''),
  country: text('country').notNull().default(''),
  ipAddress: text('ip_address').notNull(),
  userAgent: text('user_agent').notNull().default(''),
}, (t) => [index('visitor_logs_created_idx').on(t.createdAt), index('visitor_logs_ip_idx').on(t.ipAddress)]);
