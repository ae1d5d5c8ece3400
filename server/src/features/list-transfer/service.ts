import type { Language } from '@wishwell/shared/languages';
import { ACCOUNT_EXPORT_FORMAT, EXPORT_VERSION, type AccountExport, type ImportBody, type ImportResult } from '@wishwell/shared/list-transfer-types';
import type { WishlistInput } from '@wishwell/shared/wishlist-types';
import type { SessionUser } from '../../auth/session-user';
import { invalid, textsIn } from '../../domain/errors';
import { RateLimiter } from '../../limits/rate-limit';
import type { ListAccess } from '../wishlists/access';
import type { ClaimService } from '../wishlists/claims';
import type { ItemService } from '../wishlists/items-service';
import type { WishlistQueries } from '../wishlists/queries';
import type { WishlistService } from '../wishlists/service';
import { exportFileName, listCsv, listExport } from './export';
import { readImportFile } from './import-file';
import { ListTransferQueries, type AccountRows } from './queries';
import { dateOf } from '../../clock';

const HOUR = 3_600_000;
/** Imports per account an hour: each may create a list of up to MAX_IMPORT_ITEMS items. */
const IMPORTS_PER_HOUR = 30;

export interface ExportFile {
  body: string;
  contentType: string;
  fileName: string;
}

export interface ListTransferDeps {
  queries: WishlistQueries;
  lists: WishlistService;
  items: ItemService;
  claims: ClaimService;
}

/** Lists out (JSON, CSV, the account's data download) and in (a new list from a file). */
export class ListTransferService {
  private readonly importsPerUser = new RateLimiter({ limit: IMPORTS_PER_HOUR, windowMs: HOUR, text: 'tooManyImports' });

  private readonly queries: ListTransferQueries;

  constructor(private readonly deps: ListTransferDeps) {
    this.queries = new ListTransferQueries(deps.queries.store);
  }

  async exportList({ list, role }: ListAccess, format: 'json' | 'csv'): Promise<ExportFile> {
    const items = await this.deps.queries.items(list.id);
    if (format === 'csv') return { body: listCsv(items), contentType: 'text/csv; charset=utf-8', fileName: exportFileName(list.name, 'csv') };
    return { body: JSON.stringify(listExport(list, items, role, dateOf(this.deps.queries.clock)), null, 2), contentType: 'application/json; charset=utf-8', fileName: exportFileName(list.name, 'json') };
  }

  /** Everything held about the account: never a secret (password hash, token secrets, session tokens). */
  async exportAccount(user: SessionUser): Promise<AccountExport> {
    const [rows, reservations] = await Promise.all([this.queries.accountRows(user.id), this.deps.claims.mine(user)]);
    const now = dateOf(this.deps.queries.clock);
    const lists = await Promise.all(
      rows.owned.map(async (list) => ({ _id: list.id, isDeleted: list.isDeleted, ...listExport(list, await this.deps.queries.items(list.id), 'owner', now) })),
    );
    return {
      format: ACCOUNT_EXPORT_FORMAT,
      version: EXPORT_VERSION,
      exportedAt: now.toISOString(),
      account: accountOf(rows.account!),
      signIn: signInOf(rows, user.hasPassword),
      apiTokens: rows.tokens.map((each) => ({ name: each.name, scope: each.scope, createdAt: each.createdAt.toISOString(), expiresAt: iso(each.expiresAt), lastUsedAt: iso(each.lastUsedAt) })),
      lists,
      editing: rows.edited,
      reservations,
      uploads: rows.uploaded.map((each) => ({ url: `/uploads/${each.fileName}`, contentType: each.contentType, sizeBytes: each.sizeBytes, createdAt: each.createdAt.toISOString() })),
    };
  }

  /**
   * A new list of the caller's from a file, in one transaction: a bad row refuses the whole file
   * (naming the row) and creates nothing. Shop images are copied by the same queue as scraped
   * ones (its SSRF rules decide); '/uploads/…' images are kept as paths on this server.
   */
  async import(user: SessionUser, body: ImportBody, language: Language): Promise<ImportResult> {
    await this.importsPerUser.hit(`user:${user.id}`);
    const plan = readImportFile(body.content, language);
    const name = body.name?.trim() || plan.settings?.name || '';
    if (name === '' || name.length > 200) throw invalid('listName');
    const settings: WishlistInput = { ...plan.settings, name };
    const { items } = this.deps;
    const rows = await items.newRows('', plan.items, user.currency, (index) => plan.addedAt[index] ?? null);
    const { list, filled } = await this.deps.lists.createFilled(settings, user, (tx, listId) => items.insertRows(tx, rows.map((row) => ({ ...row, wishlistId: listId }))));
    items.inserted(list.id, filled);
    return {
      wishlist: { _id: list.id, name: list.name },
      format: plan.format,
      itemCount: filled.length,
      skipped: plan.skipped.map((each) => textsIn([each], language)),
    };
  }
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

function accountOf(account: NonNullable<AccountRows['account']>): AccountExport['account'] {
  return {
    _id: account.id,
    name: account.name,
    email: account.email,
    country: account.country,
    currency: account.currency,
    language: account.language,
    isAdmin: account.isAdmin,
    registeredOnDomain: account.registeredOnDomain,
    createdAt: account.createdAt.toISOString(),
    updatedAt: account.updatedAt.toISOString(),
  };
}

function signInOf({ identities, sessions }: AccountRows, hasPassword: boolean): AccountExport['signIn'] {
  return {
    hasPassword,
    providers: identities.map((each) => ({ issuer: each.issuer, subject: each.subject, linkedAt: each.createdAt.toISOString() })),
    providerSessions: sessions.map((each) => ({ issuer: each.issuer, expiresAt: each.expiresAt.toISOString() })),
    note: 'Password sign-ins are signed tokens the server does not store; signing out everywhere (changing the password) ends them all.',
  };
}
