import type { SessionProfile } from '@wishwell/shared/api-types';
import { normalizeEmail } from '@wishwell/shared/account-types';
import type { OidcErrorReason } from '@wishwell/shared/sign-in-options';
import type { OidcSettings } from '../../config';
import type { DataStore, Db } from '../../db/store';
import { conflict } from '../../domain/errors';
import { logEvent } from '../../log';
import { UserQueries } from '../users/queries';
import type { Caller, UserService, Visitor } from '../users/service';
import type { OidcPerson } from './provider';
import { OidcQueries } from './queries';
import type { OidcSessions } from './sessions';


/** An OpenID Connect sign-in that matched an existing account by verified e-mail: it waits for the password. */
export interface PendingLink {
  issuer: string;
  subject: string;
  userId: string;
  email: string;
  /** The admin role the provider's groups give (null: OIDC_ADMIN_GROUP is not set). */
  admin: boolean | null;
  idToken: string;
}

export type OidcOutcome = { kind: 'signedIn'; profile: SessionProfile } | { kind: 'link'; link: PendingLink };

/** A sign-in the rules refuse, with the reason the login page explains. */
export class OidcRefusal extends Error {
  constructor(readonly reason: OidcErrorReason) {
    super(`OpenID Connect sign-in refused: ${reason}`);
  }
}

/**
 * What a person vouched for by the provider may do: sign in to the account their identity
 * (issuer + subject) is linked to; or, new here, get an account (name and e-mail from the
 * provider; only with OIDC_AUTO_REGISTER); or, when an account already has their verified
 * e-mail, link to it once they prove its password. An unverified e-mail reaches no account.
 */
export class OidcAccounts {
  private readonly queries: OidcQueries;
  private readonly accounts: UserQueries;

  constructor(
    store: DataStore,
    private readonly users: UserService,
    private readonly settings: OidcSettings,
    private readonly sessions: OidcSessions,
  ) {
    this.queries = new OidcQueries(store);
    this.accounts = new UserQueries(store);
  }

  async signIn(person: OidcPerson, domain: string, visitor: Visitor): Promise<OidcOutcome> {
    const linked = await this.linkedUser(person);
    if (linked) return this.signedIn(linked, person, this.adminFromGroups(person));
    if (!person.email || !person.emailVerified) throw new OidcRefusal('unverified');
    const email = normalizeEmail(person.email);
    const existing = await this.accounts.idOfEmail(email);
    if (existing) {
      const link = { issuer: person.issuer, subject: person.subject, userId: existing, email, admin: this.adminFromGroups(person), idToken: person.idToken };
      return { kind: 'link', link };
    }
    if (!this.settings.autoRegister || !(await this.users.takesNewcomers())) throw new OidcRefusal('not-registered');
    const created = await this.users.createAccount(
      { name: accountName(person, email), email, passwordHash: '', domain, isAdmin: this.adminFromGroups(person) ?? false, visitor },
      (tx, user) => this.insertIdentity(person, user.id, tx),
    );
    logEvent({ event: 'register', userId: created.id, method: 'oidc' });
    return this.signedIn(created.id, person, null);
  }

  /** Links the pending identity once the account's password is proven, and signs in. */
  async link(pending: PendingLink, password: string, caller: Caller): Promise<SessionProfile> {
    const account = await this.users.provePassword({ email: pending.email, password }, caller, true);
    if (account.id !== pending.userId) throw conflict('oidcLinkExpired'); // the address moved to another account meanwhile
    await this.insertIdentity(pending, account.id);
    logEvent({ event: 'oidc.link', userId: account.id, issuer: pending.issuer });
    return (await this.signedIn(account.id, pending, pending.admin)).profile;
  }

  /** Opens the session and keeps the provider's ID token with it (for signing out there too). */
  private async signedIn(userId: string, person: Pick<OidcPerson, 'issuer' | 'idToken'>, admin: boolean | null): Promise<OidcOutcome & { kind: 'signedIn' }> {
    if (admin !== null) await this.setAdmin(userId, admin);
    const profile = await this.users.openSession(userId);
    await this.sessions.remember(profile.token, userId, { issuer: person.issuer, idToken: person.idToken });
    return { kind: 'signedIn', profile };
  }

  private async linkedUser(person: Pick<OidcPerson, 'issuer' | 'subject'>): Promise<string | null> {
    return (await this.queries.linkedUser(person.issuer, person.subject)) ?? null;
  }

  private insertIdentity(person: Pick<OidcPerson, 'issuer' | 'subject'>, userId: string, db?: Db): Promise<void> {
    return this.queries.insertIdentity({ issuer: person.issuer, subject: person.subject, userId, createdAt: new Date() }, db);
  }

  /** With OIDC_ADMIN_GROUP the provider decides the admin role at every sign-in. */
  private adminFromGroups(person: OidcPerson): boolean | null {
    return this.settings.adminGroup === null ? null : person.groups.includes(this.settings.adminGroup);
  }

  private async setAdmin(userId: string, isAdmin: boolean): Promise<void> {
    if (!(await this.accounts.changeAdmin(userId, isAdmin, new Date()))) return;
    logEvent({ event: 'role.change', userId, isAdmin, by: 'oidc-group' });
    await this.users.credentialsChanged(userId);
  }
}

/** The provider's name for the person, else the e-mail's local part (at most 100 characters, like the form). */
function accountName(person: OidcPerson, email: string): string {
  return (person.name ?? email.split('@')[0]!).slice(0, 100);
}
