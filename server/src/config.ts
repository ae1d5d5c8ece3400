import { parseArgs } from 'node:util';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { normalizeHostname } from '@wishwell/shared/domain';
import { ISO_CURRENCY_CODES } from '@wishwell/shared/currency-tokens';
import { REGISTRATION_MODES, type RegistrationMode } from '@wishwell/shared/instance-settings-types';
import { isLanguage, LANGUAGES, type Language } from '@wishwell/shared/languages';
import { ARGON2ID, type HashCost } from './auth/hash-threads';
import { parseS3Url } from './storage/s3-storage';
import type { CircleLimits } from './limits/circles';

/** Everything the server reads from its environment and flags (listed by `wishwell --help`). */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** postgres://... to run on PostgreSQL; null for the embedded SQLite file in the data dir. */
  databaseUrl: string | null;
  /** s3://bucket/folder?endpoint=…&region=… to keep uploads in a bucket; null for the data dir's uploads folder. */
  storageUrl: string | null;
  publicUrl: string | null;
  jwtSecret: string | null;
  smtpUrl: string | null;
  mailFrom: string;
  /** Attempts at sending a queued mail before it is given up (MAIL_TRIES). */
  mailTries: number;
  /** Wait before the first retry of a mail (MAIL_RETRY_SECONDS); each later one waits 4 times longer. */
  mailRetryMs: number;
  /** How often an item's shop link is checked for its price (PRICE_WATCH_HOURS); null: price watch off. */
  priceWatchIntervalMs: number | null;
  /** Shop pages the price watch fetches at once, per replica, never two from one host (PRICE_WATCH_CONCURRENCY). */
  priceWatchConcurrency: number;
  /** Least gap between two price checks at one shop (PRICE_WATCH_HOST_GAP_SECONDS). */
  priceWatchHostGapMs: number;
  adminEmail: string | null;
  chromiumPath: string | null;
  trustProxy: boolean;
  scrapeAllowHosts: string[];
  /** Ports besides 80/443 that pasted links may use (SCRAPE_ALLOW_PORTS). */
  scrapeAllowPorts: number[];
  rateLimits: RateLimits;
  /** Bytes of images one account may keep (UPLOAD_QUOTA_MB). */
  uploadQuotaBytes: number;
  /** Bytes of images one guest list (no account yet) may keep (UPLOAD_QUOTA_GUEST_LIST_MB). */
  guestListQuotaBytes: number;
  /** Age after which an image no list or item uses is removed (UPLOAD_GRACE_HOURS). */
  uploadGraceMs: number;
  /** Shop images the copy job fetches per minute at most, per replica (IMAGE_COPY_PER_MINUTE). */
  imageCopyPerMinute: number;
  /** Image copies one replica makes at once, one per shop host (IMAGE_COPY_CONCURRENCY). */
  imageCopyConcurrency: number;
  /** Wait before the first retry of a failed image copy (IMAGE_COPY_RETRY_SECONDS); each later one waits 4 times longer. */
  imageCopyRetryMs: number;
  /** Attempts at copying an image before the item keeps the shop's URL (IMAGE_COPY_TRIES). */
  imageCopyTries: number;
  /** Following lists by e-mail: requests per IP and per list per hour, confirmation mails per address per day. */
  follows: { perIp: number; perList: number; mailsPerAddress: number };
  /** Gift circles' bounds (server/src/limits/circles.ts). */
  circles: CircleLimits;
  /** Secret Santa: draws made and drawn per organiser per day, questions per participant per day. */
  santa: { drawsPerDay: number; runsPerDay: number; questionsPerDay: number };
  /** Days before a list's event its owner gets the nudge on the bell. */
  ownerNudgeDays: number;
  /** Page views of the public site are logged (VISITOR_LOG, on unless `off`). */
  visitorLog: boolean;
  /** Visitor log rows older than this many days are pruned (VISITOR_LOG_DAYS). */
  visitorLogDays: number;
  /** GeoLite2 City .mmdb files locating visitors (GEOIP_DB); null: the shipped ones. */
  geoIpDb: string[] | null;
  /** Replaced data sets (pre-restore-* folders, pre_restore_* schemas) kept after restores (RESTORE_KEEP). */
  restoreKeep: number;
  /** Seconds between keep-alive comments on open admin event streams. */
  adminEventsKeepAliveSeconds: number;
  /**
   * argon2id's cost for new password hashes: always ARGON2ID (no setting). Tests lower it in the
   * object they start a server from, since hashing is most of a sign-up's time on a busy machine.
   */
  passwordHashCost: HashCost;
  /** Sign-in through an OpenID Connect provider (OIDC_*); null when OIDC_ISSUER is not set. */
  oidc: OidcSettings | null;
  /** Providers of particular hostnames (OIDC_PROVIDERS_FILE), used there instead of `oidc`. */
  oidcByHostname: Map<string, OidcSettings>;
  /** Whether e-mail and password sign-in, registration and resets are on (PASSWORD_LOGIN). */
  passwordLogin: boolean;
  /** Who may register (REGISTRATION); null: as set in the admin console. */
  registration: RegistrationMode | null;
  /** DEFAULT_LANGUAGE; null: as set in the admin console. */
  defaultLanguage: Language | null;
  /** DEFAULT_CURRENCY (ISO 4217); null: as set in the admin console. */
  defaultCurrency: string | null;
}

/** One OpenID Connect provider, found by discovery from its issuer URL. */
export interface OidcSettings {
  issuer: string;
  clientId: string;
  /** Null for a public client (PKCE only). */
  clientSecret: string | null;
  /** Shown on the button: 'Sign in with {buttonLabel}'. */
  buttonLabel: string;
  scopes: string;
  /** Whether a first sign-in creates the account (OIDC_AUTO_REGISTER); else only linked or matching accounts. */
  autoRegister: boolean;
  /** Members of this group (in `groupsClaim`) are admins, others are not (OIDC_ADMIN_GROUP). */
  adminGroup: string | null;
  groupsClaim: string;
}

/** Abuse limits: hits per window for each client IP or account (RATE_LIMIT_* settings). */
export interface RateLimits {
  /** Sign-in attempts per IP per 15 minutes. */
  loginPerIp: number;
  /** Failed sign-ins per account per 15 minutes. */
  loginPerAccount: number;
  /** Registrations per IP per hour. */
  registerPerIp: number;
  /** Password reset requests per IP per hour. */
  forgotPasswordPerIp: number;
  /** Product scrapes per IP per 10 minutes. */
  scrapePerIp: number;
  /** Product scrapes per account (or guest list) per 10 minutes. */
  scrapePerUser: number;
  /** Guest lists created per IP per hour. */
  guestListsPerIp: number;
  /** Image uploads per IP per hour. */
  uploadsPerIp: number;
  /** Image uploads per account (or guest list) per hour. */
  uploadsPerUser: number;
  /** Editor invitations an account may send per hour. */
  invitationsPerUser: number;
  /** Editor invitations per list per hour. */
  invitationsPerList: number;
  /** Calls of /claims/{token} (look up, change, undo) per IP per 10 minutes. */
  claimTokensPerIp: number;
  /** Purchases with a manage-link mail per IP per hour. */
  claimMailsPerIp: number;
}

interface Setting {
  flag?: string;
  env: string;
  help: string;
  default?: string;
}

export const SETTINGS: Setting[] = [
  { flag: 'port', env: 'PORT', help: 'HTTP port', default: '3000' },
  { flag: 'host', env: 'HOST', help: 'address to listen on', default: '0.0.0.0' },
  { flag: 'data-dir', env: 'DATA_DIR', help: 'folder for the SQLite database, uploads and secrets', default: './data' },
  { flag: 'database-url', env: 'DATABASE_URL', help: 'postgres://user:pass@host:port/db to run on PostgreSQL (default: SQLite in the data dir)' },
  { flag: 'storage-url', env: 'STORAGE_URL', help: 's3://bucket/folder?endpoint=https://…&region=… to keep uploads in S3-compatible storage (keys from S3_ACCESS_KEY_ID/S3_SECRET_ACCESS_KEY or AWS_*; default: the data dir)' },
  { flag: 'public-url', env: 'PUBLIC_URL', help: 'public address, e.g. https://wishes.example.com (its host is the default domain)' },
  { env: 'JWT_SECRET', help: 'secret signing session tokens (default: generated once, kept in the data dir)' },
  { env: 'REGISTRATION', help: 'who may register: open, invite or closed (default: as set in the admin console, else open)' },
  { env: 'DEFAULT_LANGUAGE', help: 'language when the browser asks for none Wishwell speaks (default: as set in the admin console, else en)' },
  { env: 'DEFAULT_CURRENCY', help: 'currency of new accounts, an ISO 4217 code (default: as set in the admin console, else GBP)' },
  { env: 'SMTP_URL', help: 'mail server, smtp[s]://user:pass@host:port (default: mails are only logged)' },
  { env: 'MAIL_FROM', help: 'sender address of mails', default: 'Wishwell <no-reply@localhost>' },
  { env: 'MAIL_TRIES', help: 'attempts at sending a mail (SMTP down or refusing) before it is logged as failed', default: '5' },
  { env: 'MAIL_RETRY_SECONDS', help: 'seconds before a mail that could not be sent is tried again; each later retry waits 4 times longer', default: '60' },
  { env: 'PRICE_WATCH_HOURS', help: "hours between price checks of an item's shop link; off turns the price watch off", default: '24' },
  { env: 'PRICE_WATCH_CONCURRENCY', help: 'shop pages the price watch fetches at once, per replica (never two from one shop)', default: '4' },
  { env: 'PRICE_WATCH_HOST_GAP_SECONDS', help: 'least seconds between two price checks at one shop', default: '10' },
  { env: 'ADMIN_EMAIL', help: 'account promoted to admin at start' },
  { env: 'CHROMIUM_PATH', help: 'Chromium for scraping script-heavy shops (default: found on PATH)' },
  { env: 'ADMIN_EVENTS_KEEPALIVE_SECONDS', help: 'seconds between keep-alive comments on the admin event stream', default: '15' },
  { env: 'TRUST_PROXY', help: 'set to 1 behind a reverse proxy to trust X-Forwarded-For/-Proto' },
  { env: 'RATE_LIMIT_LOGIN_IP', help: 'sign-in attempts per client IP per 15 minutes', default: '30' },
  { env: 'RATE_LIMIT_LOGIN_ACCOUNT', help: 'sign-in attempts per e-mail address per 15 minutes (a right password clears the count)', default: '10' },
  { env: 'RATE_LIMIT_REGISTER_IP', help: 'registrations per client IP per hour', default: '10' },
  { env: 'RATE_LIMIT_FORGOT_IP', help: 'password reset requests per client IP per hour', default: '5' },
  { env: 'RATE_LIMIT_SCRAPE_IP', help: 'product link scrapes per client IP per 10 minutes', default: '60' },
  { env: 'RATE_LIMIT_SCRAPE_USER', help: 'product link scrapes per account or guest list per 10 minutes', default: '30' },
  { env: 'RATE_LIMIT_GUEST_LIST_IP', help: 'guest lists created per client IP per hour', default: '20' },
  { env: 'RATE_LIMIT_UPLOAD_IP', help: 'image uploads per client IP per hour', default: '60' },
  { env: 'RATE_LIMIT_UPLOAD_USER', help: 'image uploads per account or guest list per hour', default: '30' },
  { env: 'RATE_LIMIT_INVITE_USER', help: 'editor invitations an account may send per hour', default: '20' },
  { env: 'RATE_LIMIT_INVITE_LIST', help: 'editor invitations per list per hour', default: '10' },
  { env: 'RATE_LIMIT_CLAIM_IP', help: 'reservation links (/claims/{token}) opened, changed or undone per client IP per 10 minutes', default: '60' },
  { env: 'RATE_LIMIT_CLAIM_MAIL_IP', help: 'purchases asking for a manage-link mail per client IP per hour', default: '10' },
  { env: 'RATE_LIMIT_FOLLOW_IP', help: 'requests to follow a list by e-mail per client IP per hour', default: '10' },
  { env: 'CIRCLES_PER_USER', help: 'gift circles an account may belong to', default: '20' },
  { env: 'CIRCLE_MEMBERS', help: 'members one gift circle may have', default: '50' },
  { env: 'RATE_LIMIT_CIRCLE_INVITE_USER', help: 'circle invitations by e-mail an account may send per hour', default: '20' },
  { env: 'SUGGESTIONS_PER_LIST', help: 'gift suggestions one list may hold', default: '100' },
  { env: 'RATE_LIMIT_FOLLOW_LIST', help: 'requests to follow one list by e-mail per hour', default: '30' },
  { env: 'FOLLOW_MAILS_PER_ADDRESS', help: 'follow confirmation mails one e-mail address gets per day at most (further requests are answered alike, without a mail)', default: '3' },
  { env: 'SANTA_DRAWS_PER_DAY', help: 'Secret Santa draws one organiser may make (or start over) per day', default: '10' },
  { env: 'SANTA_RUNS_PER_DAY', help: 'times one organiser may draw names (each mails every participant) per day', default: '20' },
  { env: 'SANTA_QUESTIONS_PER_DAY', help: 'anonymous questions one Secret Santa participant may ask per day', default: '10' },
  { env: 'OWNER_NUDGE_DAYS', help: "days before a list's event its owner is reminded (on the bell) to bring the list up to date", default: '14' },
  { env: 'UPLOAD_QUOTA_MB', help: 'megabytes of images one account may keep', default: '100' },
  { env: 'UPLOAD_QUOTA_GUEST_LIST_MB', help: 'megabytes of images one guest list (no account yet) may keep', default: '20' },
  { env: 'UPLOAD_GRACE_HOURS', help: 'hours before an image no list or item uses is removed', default: '24' },
  { env: 'IMAGE_COPY_PER_MINUTE', help: "shop images the background copy job fetches per minute at most, per replica", default: '30' },
  { env: 'IMAGE_COPY_CONCURRENCY', help: 'shop images the background copy job fetches at once, per replica (never two from one host)', default: '4' },
  { env: 'IMAGE_COPY_RETRY_SECONDS', help: 'seconds before a failed image copy (network, time-out, the shop busy) is tried again; each later retry waits 4 times longer', default: '60' },
  { env: 'IMAGE_COPY_TRIES', help: "attempts at copying a shop's image before the item keeps showing the shop's URL", default: '5' },
  { env: 'RESTORE_KEEP', help: 'replaced data sets a restore keeps (pre-restore-* folders, pre_restore_* schemas); older ones are removed', default: '1' },
  { env: 'SCRAPE_ALLOW_HOSTS', help: 'tests only: hosts exempt from the private-address rule, comma-separated' },
  { env: 'VISITOR_LOG', help: 'off stops logging page views (IP address, user agent, city: personal data)', default: 'on' },
  { env: 'VISITOR_LOG_DAYS', help: 'days a visitor log row is kept', default: '90' },
  { env: 'GEOIP_DB', help: 'GeoLite2 City .mmdb files locating visitors, comma-separated (default: the shipped ones)' },
  { env: 'OIDC_ISSUER', help: 'OpenID Connect provider (issuer URL, found by discovery) offered as "Sign in with ..."' },
  { env: 'OIDC_CLIENT_ID', help: "this site's client id at the OpenID Connect provider" },
  { env: 'OIDC_CLIENT_SECRET', help: "this site's client secret at the provider (leave out for a public client)" },
  { env: 'OIDC_BUTTON_LABEL', help: 'the provider\'s name on the sign-in button', default: 'OpenID Connect' },
  { env: 'OIDC_SCOPES', help: 'scopes asked of the provider (add groups for OIDC_ADMIN_GROUP where needed)', default: 'openid email profile' },
  { env: 'OIDC_AUTO_REGISTER', help: 'false: an OpenID Connect sign-in only reaches existing accounts', default: 'true' },
  { env: 'OIDC_ADMIN_GROUP', help: 'members of this provider group are admins (checked at every OpenID Connect sign-in)' },
  { env: 'OIDC_GROUPS_CLAIM', help: 'the claim listing the groups', default: 'groups' },
  { env: 'OIDC_PROVIDERS_FILE', help: 'JSON file giving some hostnames (domain configs) their own OpenID Connect provider' },
  { env: 'PASSWORD_LOGIN', help: 'false turns e-mail and password sign-in, registration and resets off (needs OIDC_ISSUER)', default: 'true' },
  { env: 'SCRAPE_ALLOW_PORTS', help: 'ports besides 80 and 443 that scraped links may use, comma-separated (e.g. 8080,8443)' },
];

const flagOptions = Object.fromEntries(
  SETTINGS.filter((s) => s.flag).map((s) => [s.flag!, { type: 'string' as const }]),
);

function settingValue(name: string, flags: Record<string, unknown>, env: Record<string, string | undefined>): string | null {
  const setting = SETTINGS.find((s) => s.env === name)!;
  const fromFlag = setting.flag ? flags[setting.flag] : undefined;
  const value = typeof fromFlag === 'string' ? fromFlag : env[name];
  return value !== undefined && value !== '' ? value : (setting.default ?? null);
}

/** Reads the config from flags (which win) and environment variables. Throws on a bad value. */
export function loadConfig(args: string[], env: Record<string, string | undefined> = process.env): Config {
  const { values } = parseArgs({ args, options: flagOptions, strict: true, allowPositionals: false });
  const get = (name: string) => settingValue(name, values, env);
  const port = Number(get('PORT'));
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got "${get('PORT')}"`);
  const databaseUrl = get('DATABASE_URL');
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) throw new Error('DATABASE_URL must start with postgres:// or postgresql://');
  const storageUrl = get('STORAGE_URL');
  if (storageUrl) parseS3Url(storageUrl, env);
  const oidc = oidcSettings(get);
  const oidcByHostname = oidcProvidersFile(get);
  const passwordLogin = booleanSetting('PASSWORD_LOGIN', get);
  if (!passwordLogin && !oidc && oidcByHostname.size === 0) throw new Error('PASSWORD_LOGIN=false needs OIDC_ISSUER or OIDC_PROVIDERS_FILE: otherwise nobody could sign in');
  const publicUrl = get('PUBLIC_URL');
  if (publicUrl && !/^https?:\/\//.test(publicUrl)) throw new Error('PUBLIC_URL must start with http:// or https://');
  return {
    port,
    host: get('HOST')!,
    dataDir: resolve(get('DATA_DIR')!),
    databaseUrl,
    storageUrl,
    publicUrl: publicUrl ? publicUrl.replace(/\/+$/, '') : null,
    jwtSecret: get('JWT_SECRET'),
    smtpUrl: get('SMTP_URL'),
    mailFrom: get('MAIL_FROM')!,
    mailTries: positiveInteger('MAIL_TRIES', get),
    mailRetryMs: positiveInteger('MAIL_RETRY_SECONDS', get) * 1000,
    priceWatchIntervalMs: get('PRICE_WATCH_HOURS')!.toLowerCase() === 'off' ? null : positiveInteger('PRICE_WATCH_HOURS', get) * 60 * 60_000,
    priceWatchConcurrency: positiveInteger('PRICE_WATCH_CONCURRENCY', get),
    priceWatchHostGapMs: nonNegativeSeconds('PRICE_WATCH_HOST_GAP_SECONDS', get),
    adminEmail: get('ADMIN_EMAIL')?.trim().toLowerCase() ?? null,
    chromiumPath: get('CHROMIUM_PATH'),
    trustProxy: ['1', 'true', 'yes'].includes((get('TRUST_PROXY') ?? '').toLowerCase()),
    rateLimits: {
      loginPerIp: positiveInteger('RATE_LIMIT_LOGIN_IP', get),
      loginPerAccount: positiveInteger('RATE_LIMIT_LOGIN_ACCOUNT', get),
      registerPerIp: positiveInteger('RATE_LIMIT_REGISTER_IP', get),
      forgotPasswordPerIp: positiveInteger('RATE_LIMIT_FORGOT_IP', get),
      scrapePerIp: positiveInteger('RATE_LIMIT_SCRAPE_IP', get),
      scrapePerUser: positiveInteger('RATE_LIMIT_SCRAPE_USER', get),
      guestListsPerIp: positiveInteger('RATE_LIMIT_GUEST_LIST_IP', get),
      uploadsPerIp: positiveInteger('RATE_LIMIT_UPLOAD_IP', get),
      uploadsPerUser: positiveInteger('RATE_LIMIT_UPLOAD_USER', get),
      invitationsPerUser: positiveInteger('RATE_LIMIT_INVITE_USER', get),
      invitationsPerList: positiveInteger('RATE_LIMIT_INVITE_LIST', get),
      claimTokensPerIp: positiveInteger('RATE_LIMIT_CLAIM_IP', get),
      claimMailsPerIp: positiveInteger('RATE_LIMIT_CLAIM_MAIL_IP', get),
    },
    follows: {
      perIp: positiveInteger('RATE_LIMIT_FOLLOW_IP', get),
      perList: positiveInteger('RATE_LIMIT_FOLLOW_LIST', get),
      mailsPerAddress: positiveInteger('FOLLOW_MAILS_PER_ADDRESS', get),
    },
    circles: {
      perUser: positiveInteger('CIRCLES_PER_USER', get),
      membersPerCircle: positiveInteger('CIRCLE_MEMBERS', get),
      invitationsPerHour: positiveInteger('RATE_LIMIT_CIRCLE_INVITE_USER', get),
      suggestionsPerList: positiveInteger('SUGGESTIONS_PER_LIST', get),
    },
    santa: {
      drawsPerDay: positiveInteger('SANTA_DRAWS_PER_DAY', get),
      runsPerDay: positiveInteger('SANTA_RUNS_PER_DAY', get),
      questionsPerDay: positiveInteger('SANTA_QUESTIONS_PER_DAY', get),
    },
    ownerNudgeDays: positiveInteger('OWNER_NUDGE_DAYS', get),
    passwordHashCost: ARGON2ID,
    uploadQuotaBytes: positiveInteger('UPLOAD_QUOTA_MB', get) * 1024 * 1024,
    guestListQuotaBytes: positiveInteger('UPLOAD_QUOTA_GUEST_LIST_MB', get) * 1024 * 1024,
    uploadGraceMs: positiveInteger('UPLOAD_GRACE_HOURS', get) * 60 * 60_000,
    imageCopyPerMinute: positiveInteger('IMAGE_COPY_PER_MINUTE', get),
    imageCopyConcurrency: positiveInteger('IMAGE_COPY_CONCURRENCY', get),
    imageCopyRetryMs: positiveInteger('IMAGE_COPY_RETRY_SECONDS', get) * 1000,
    imageCopyTries: positiveInteger('IMAGE_COPY_TRIES', get),
    visitorLog: (get('VISITOR_LOG') ?? 'on').toLowerCase() !== 'off',
    visitorLogDays: positiveInteger('VISITOR_LOG_DAYS', get),
    geoIpDb: get('GEOIP_DB')?.split(',').map((file) => resolve(file.trim())).filter(Boolean) ?? null,
    restoreKeep: positiveInteger('RESTORE_KEEP', get),
    adminEventsKeepAliveSeconds: positiveInteger('ADMIN_EVENTS_KEEPALIVE_SECONDS', get),
    scrapeAllowHosts: (get('SCRAPE_ALLOW_HOSTS') ?? '').split(',').map((h) => h.trim().toLowerCase()).filter(Boolean),
    oidc,
    oidcByHostname,
    passwordLogin,
    ...consoleSettings(get),
    scrapeAllowPorts: (get('SCRAPE_ALLOW_PORTS') ?? '').split(',').filter((p) => p.trim()).map((p) => portNumber('SCRAPE_ALLOW_PORTS', p)),
  };
}

/** The settings of the admin console that the environment sets instead (null where it does not). */
function consoleSettings(get: (name: string) => string | null): Pick<Config, 'registration' | 'defaultLanguage' | 'defaultCurrency'> {
  const registration = get('REGISTRATION')?.trim().toLowerCase() || null;
  if (registration && !(REGISTRATION_MODES as readonly string[]).includes(registration)) throw new Error(`REGISTRATION must be open, invite or closed, got "${registration}"`);
  const defaultLanguage = get('DEFAULT_LANGUAGE')?.trim() || null;
  if (defaultLanguage && !isLanguage(defaultLanguage)) throw new Error(`DEFAULT_LANGUAGE must be one of ${Object.keys(LANGUAGES).join(', ')}, got "${defaultLanguage}"`);
  const defaultCurrency = get('DEFAULT_CURRENCY')?.trim().toUpperCase() || null;
  if (defaultCurrency && !ISO_CURRENCY_CODES.has(defaultCurrency)) throw new Error(`DEFAULT_CURRENCY must be an ISO 4217 code such as GBP, got "${defaultCurrency}"`);
  return { registration: registration as RegistrationMode | null, defaultLanguage: defaultLanguage as Language | null, defaultCurrency };
}

/** The OIDC_PROVIDERS_FILE entry's field for each setting; fields left out take the OIDC_* setting, except the client's own. */
const PROVIDER_FILE_FIELDS: Record<string, string> = {
  OIDC_ISSUER: 'issuer',
  OIDC_CLIENT_ID: 'clientId',
  OIDC_CLIENT_SECRET: 'clientSecret',
  OIDC_BUTTON_LABEL: 'buttonLabel',
  OIDC_SCOPES: 'scopes',
  OIDC_AUTO_REGISTER: 'autoRegister',
  OIDC_ADMIN_GROUP: 'adminGroup',
  OIDC_GROUPS_CLAIM: 'groupsClaim',
};
const CLIENT_OWN_SETTINGS = ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'];

/** OIDC_PROVIDERS_FILE: `{ "family.example.com": { "issuer": ..., "clientId": ..., ... } }`. */
function oidcProvidersFile(get: (name: string) => string | null): Map<string, OidcSettings> {
  const file = get('OIDC_PROVIDERS_FILE');
  const providers = new Map<string, OidcSettings>();
  if (!file) return providers;
  let entries: unknown;
  try {
    entries = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`OIDC_PROVIDERS_FILE ${file} cannot be read as JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!entries || typeof entries !== 'object' || Array.isArray(entries)) throw new Error(`OIDC_PROVIDERS_FILE ${file} must hold an object of hostnames`);
  for (const [hostname, entry] of Object.entries(entries as Record<string, Record<string, unknown>>)) {
    const fromEntry = (name: string) => {
      const field = PROVIDER_FILE_FIELDS[name]!;
      if (!entry || typeof entry !== 'object' || !(field in entry)) return CLIENT_OWN_SETTINGS.includes(name) ? null : get(name);
      const value = entry[field];
      // An empty value means the setting's default (no admin group, the default label), not the OIDC_* one.
      return value === null || value === '' ? (SETTINGS.find((s) => s.env === name)?.default ?? null) : String(value);
    };
    const settings = oidcSettings(fromEntry, `OIDC_PROVIDERS_FILE (${hostname}): `);
    if (!settings) throw new Error(`OIDC_PROVIDERS_FILE (${hostname}): "issuer" is missing`);
    providers.set(normalizeHostname(hostname), settings);
  }
  return providers;
}

function oidcSettings(get: (name: string) => string | null, where = ''): OidcSettings | null {
  const issuer = get('OIDC_ISSUER');
  if (!issuer) return null;
  if (!/^https?:\/\//.test(issuer)) throw new Error(`${where}OIDC_ISSUER must be the provider's http(s) URL, got "${issuer}"`);
  const clientId = get('OIDC_CLIENT_ID');
  if (!clientId) throw new Error(`${where}OIDC_ISSUER needs OIDC_CLIENT_ID (the client id registered at the provider)`);
  return {
    issuer,
    clientId,
    clientSecret: get('OIDC_CLIENT_SECRET'),
    buttonLabel: get('OIDC_BUTTON_LABEL')!,
    scopes: get('OIDC_SCOPES')!,
    autoRegister: booleanSetting('OIDC_AUTO_REGISTER', get),
    adminGroup: get('OIDC_ADMIN_GROUP'),
    groupsClaim: get('OIDC_GROUPS_CLAIM')!,
  };
}

function booleanSetting(name: string, get: (name: string) => string | null): boolean {
  const value = (get(name) ?? '').toLowerCase();
  if (['true', '1', 'yes', 'on'].includes(value)) return true;
  if (['false', '0', 'no', 'off'].includes(value)) return false;
  throw new Error(`${name} must be true or false, got "${get(name)}"`);
}

function portNumber(name: string, value: string): number {
  const port = Number(value.trim());
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`${name} must list port numbers, got "${value.trim()}"`);
  return port;
}

function positiveInteger(name: string, get: (name: string) => string | null): number {
  const value = Number(get(name));
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number of at least 1, got "${get(name)}"`);
  return value;
}

/** A number of seconds, 0 allowed (tests turn a gap off), in milliseconds. */
function nonNegativeSeconds(name: string, get: (name: string) => string | null): number {
  const value = Number(get(name));
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a number of seconds, 0 or more, got "${get(name)}"`);
  return value * 1000;
}

/** The hostname whose domain config is the default (unknown hosts and localhost use it). */
export function defaultHostname(config: Config): string {
  return config.publicUrl ? new URL(config.publicUrl).hostname.toLowerCase() : 'localhost';
}

export function settingsHelp(): string {
  return SETTINGS.map((s) => {
    const names = s.flag ? `--${s.flag}, ${s.env}` : s.env;
    const def = s.default ? ` (default ${s.default})` : '';
    return `  ${names.padEnd(24)} ${s.help}${def}`;
  }).join('\n');
}
