import type { SessionProfile } from '@wishwell/shared/api-types';
import { normalizeHostname } from '@wishwell/shared/domain';
import type { InstanceSettings } from '@wishwell/shared/instance-settings-types';
import type { SignupInvitations } from './signup-invitations';
import { PASSWORD_MIN_LENGTH } from '@wishwell/shared/constants';
import { TEXT_LIMITS } from '@wishwell/shared/text-limits';
import { isLanguage, LANGUAGES, type Language } from '@wishwell/shared/languages';
import { currencyForCountry, currencyOfVisitor } from '@wishwell/shared/account-currency';
import {
  looksLikeEmail,
  normalizeEmail,
  PASSWORD_MAX_LENGTH,
  type ChangePasswordAnswer,
  type ChangePasswordInput,
  type LoginInput,
  type MessageAnswer,
  type ProfileInput,
  type RegisterInput,
  type ResetPasswordAnswer,
} from '@wishwell/shared/account-types';
import { announceCredentialChange } from '../../auth/credential-changes';
import type { PasswordHasher } from '../../auth/passwords';
import type { TokenSigner } from '../../auth/tokens';
import type { Clock } from '../../clock';
import type { RateLimits } from '../../config';
import type { DataStore, Db } from '../../db/store';
import { conflict, forbidden, invalid, unauthorized } from '../../domain/errors';
import { RateLimiter } from '../../limits/rate-limit';
import { hashSecret, newId, newSecret } from '../../ids';
import type { Mailer, MailRequest, OutgoingMail } from '../../mail/mailer';
import { hostnameOf, type MailLinks } from '../../mail/link-origin';
import { logEvent } from '../../log';
import { UserQueries, type UserRow } from './queries';

/** What a session profile is built from: a user row (with its hash) or the request's SessionUser (with hasPassword). */
type ProfileSource = Pick<UserRow, 'id' | 'name' | 'email' | 'country' | 'currency' | 'isAdmin' | 'isDisabled' | 'registeredOnDomain' | 'language'> &
  (Pick<UserRow, 'passwordHash'> | { hasPassword: boolean });

export const RESET_REQUESTED_MESSAGE =
  'If an account exists for that email address, a link to reset its password is on its way. The link works for 1 hour.';
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

const MINUTE = 60_000;
/** Reset mails to one address per hour, whoever asks (beyond this, asking again sends nothing). */
const RESET_MAILS_PER_ACCOUNT = 3;

export interface UserServiceDeps {
  store: DataStore;
  tokens: TokenSigner;
  hasher: PasswordHasher;
  mailer: Mailer;
  rateLimits: RateLimits;
  /** Where reset links point and what the mail signs with. */
  mailLinks: MailLinks;
  /** The wish list feature: an account's lists are retired and re-rendered through it. */
  lists: AccountLists;
  /** PASSWORD_LOGIN: false refuses password sign-in, registration and resets. */
  passwordLogin: boolean;
  /** Who may register, and new accounts' currency (the admin console's settings). */
  settings: { current(): Promise<Pick<InstanceSettings, 'registration' | 'defaultCurrency'>> };
  /** Editor invitations: with sign-ups by invitation, one still pending lets its holder register. */
  invitations: { isPending(token: string): Promise<boolean> };
  /** An admin's invitation links: with sign-ups by invitation, each lets one person register. */
  signupInvitations: SignupInvitations;
  clock: Clock;
}

/** A new account's fields; `passwordHash` is empty for an account made by an OpenID Connect sign-in. */
export interface NewAccount {
  name: string;
  email: string;
  passwordHash: string;
  domain: string;
  /** Admin even when it is not the first account (an OIDC admin group). */
  isAdmin?: boolean;
  /** How the visitor reads the site: their languages choose the account's currency. */
  visitor: Visitor;
}

/** The language the site speaks to a visitor and the tags their browser accepts, most wanted first. */
export interface Visitor {
  language: Language;
  acceptedLanguages: readonly string[];
}

/** What the wish list service does when an account goes away or changes how it appears. */
export interface AccountLists {
  retireOwner(ownerId: string, removeAccount: (tx: Db) => Promise<void>): Promise<void>;
  ownerChanged(ownerId: string): Promise<void>;
}

/** Where a request came from, as far as the account rules care. */
/** `origin`, e.g. https://wishes.example.com: password reset links point here when the host is ours. */
export interface Caller extends MailRequest {
  ip: string;
}

/**
 * Accounts: registration, sign-in, profile, passwords (change and reset by mail) and deletion.
 * Sessions are JWTs carrying the account's token version: bumping it (logout, password change,
 * reset) revokes every token issued before.
 */
export class UserService {
  private readonly loginPerIp: RateLimiter;
  private readonly passwordAttemptsPerAccount: RateLimiter;
  private readonly registerPerIp: RateLimiter;
  private readonly forgotPerIp: RateLimiter;
  private readonly resetMailsPerAccount: RateLimiter;
  private readonly queries: UserQueries;

  constructor(private readonly deps: UserServiceDeps) {
    this.queries = new UserQueries(deps.store);
    const { rateLimits: limits, clock } = deps;
    this.loginPerIp = new RateLimiter({ limit: limits.loginPerIp, windowMs: 15 * MINUTE, text: 'tooManySignIns' }, clock);
    this.passwordAttemptsPerAccount = new RateLimiter({ limit: limits.loginPerAccount, windowMs: 15 * MINUTE, text: 'tooManyFailedSignIns' }, clock);
    this.registerPerIp = new RateLimiter({ limit: limits.registerPerIp, windowMs: 60 * MINUTE, text: 'tooManyAccounts' }, clock);
    this.forgotPerIp = new RateLimiter({ limit: limits.forgotPasswordPerIp, windowMs: 60 * MINUTE, text: 'tooManyResetRequests' }, clock);
    this.resetMailsPerAccount = new RateLimiter({ limit: RESET_MAILS_PER_ACCOUNT, windowMs: 60 * MINUTE, text: 'tooManyResetMails' }, clock);
  }

  async register(input: RegisterInput, caller: Caller & Visitor): Promise<SessionProfile> {
    this.requirePasswordLogin();
    await this.registerPerIp.hit(caller.ip);
    const signupLink = await this.requireRegistrationOpenTo(input);
    const name = requiredName(input.name);
    const email = validEmail(input.email);
    validPassword(input.password);
    if (await this.queries.byEmail(email)) throw emailTaken();
    const passwordHash = await this.deps.hasher.hash(input.password);
    const domain = input.domain || hostnameOf(caller.origin);
    const useLink = signupLink
      ? async (tx: Db) => {
          if (!(await this.deps.signupInvitations.useOn(tx, signupLink))) throw conflict('signupInvitationUsed');
        }
      : undefined;
    return this.startSession(await this.createAccount({ name, email, passwordHash, domain, visitor: caller }, useLink));
  }

  /**
   * The site's sign-up setting: closed refuses all, invite all but holders of a pending editor
   * invitation or admin's link (answered: registering uses it up); the first account (the admin) is always let in.
   */
  private async requireRegistrationOpenTo({ invitation, signup }: RegisterInput): Promise<string | null> {
    if (await this.takesNewcomers()) return null;
    const { registration } = await this.deps.settings.current();
    if (registration === 'invite') {
      if (signup && (await this.deps.signupInvitations.isPending(signup))) return signup;
      if (invitation && (await this.deps.invitations.isPending(invitation))) return null;
    }
    throw forbidden(registration === 'closed' ? 'registrationClosed' : 'registrationByInvitation');
  }

  /** Whether someone without an invitation may get an account now (sign-ups open, or no account yet): a provider's first sign-in asks. */
  async takesNewcomers(): Promise<boolean> {
    return (await this.deps.settings.current()).registration === 'open' || !(await this.queries.any());
  }

  /**
   * Inserts an account (the first one on a fresh install is its admin); `alongside` writes what
   * belongs to it in the same transaction. Throws 409 when the e-mail address is taken.
   */
  async createAccount(account: NewAccount, alongside?: (tx: Db, user: UserRow) => Promise<void>): Promise<UserRow> {
    const now = new Date();
    const { visitor } = account;
    const currency = currencyOfVisitor(visitor.language, visitor.acceptedLanguages) ?? (await this.deps.settings.current()).defaultCurrency;
    // Locked: two replicas registering the first accounts at once would each count none.
    return this.deps.store.lockedTransaction('first account', async (tx) => {
      if (await this.queries.idOfEmail(account.email, tx)) throw emailTaken();
      // The first account on a fresh install runs it.
      const isFirst = (await this.queries.count(tx)) === 0;
      const created = await this.queries.insert(
        {
          id: newId(),
          name: account.name,
          email: account.email,
          passwordHash: account.passwordHash,
          isAdmin: isFirst || (account.isAdmin ?? false),
          currency,
          registeredOnDomain: normalizeHostname(account.domain).slice(0, 253),
          createdAt: now,
          updatedAt: now,
        },
        tx,
      );
      await alongside?.(tx, created);
      return created;
    });
  }

  async login(input: LoginInput, caller: Caller): Promise<SessionProfile> {
    this.requirePasswordLogin();
    return this.startSession(await this.provePassword(input, caller));
  }

  /**
   * The account whose e-mail and password these are (rate limited like sign-in; a disabled
   * account is refused). Signing in uses it, and so does linking an OpenID Connect identity, where
   * the e-mail is known and only the password was asked (`passwordOnly`: the refusals name only it).
   */
  async provePassword(input: LoginInput, caller: Caller, passwordOnly = false): Promise<UserRow> {
    await this.loginPerIp.hit(caller.ip);
    const email = normalizeEmail(input.email);
    if (!email || !input.password) throw invalid(passwordOnly ? 'enterPassword' : 'enterEmailAndPassword');
    const row = await this.queries.byEmail(email);
    // An account made by an OpenID Connect sign-in has no password (an empty hash).
    const valid = await this.passwordMatches(email, input.password, row?.passwordHash || null);
    if (!row || !valid) throw unauthorized(passwordOnly ? 'wrongPassword' : 'invalidCredentials');
    if (row.isDisabled) throw forbidden('accountDisabled');
    if (this.deps.hasher.needsRehash(row.passwordHash)) await this.rehashPassword(row, input.password);
    return row;
  }

  /**
   * Replaces a hash made with older parameters (the password is at hand only at sign-in). Only if
   * the password did not change meanwhile; a busy hasher (429) leaves it for the next sign-in.
   */
  private async rehashPassword(row: Pick<UserRow, 'id' | 'passwordHash'>, password: string): Promise<void> {
    const passwordHash = await this.deps.hasher.hash(password).catch(() => null);
    if (passwordHash) await this.queries.replaceHash(row.id, row.passwordHash, passwordHash);
  }

  /**
   * Checks a password against the account's budget: the attempt is counted BEFORE hashing, so a
   * burst of parallel guesses cannot all pass the check while the first ones hash, and refusals
   * (429 with Retry-After) cost no hash. A right password forgives the account's count. The key
   * is the address whether or not an account has it, so refusals do not tell either.
   */
  private async passwordMatches(email: string, password: string, hash: string | null): Promise<boolean> {
    await this.passwordAttemptsPerAccount.hit(normalizeEmail(email));
    const matches = await this.deps.hasher.verify(password, hash);
    if (matches) this.passwordAttemptsPerAccount.reset(normalizeEmail(email));
    return matches;
  }

  /** A session for an account another way of signing in vouched for (refused when disabled). */
  async openSession(userId: string): Promise<SessionProfile> {
    const row = await this.queries.byId(userId);
    if (!row) throw unauthorized('signIn');
    if (row.isDisabled) throw forbidden('accountDisabled');
    return this.startSession(row);
  }

  /** Revokes every token of the account (this device's and any other's). */
  async logout(userId: string): Promise<void> {
    await this.queries.revokeTokens(userId, new Date());
    await this.credentialsChanged(userId);
  }

  profile(user: ProfileSource, token: string): SessionProfile {
    return toSessionProfile(user, token);
  }

  async updateProfile(user: ProfileSource, input: ProfileInput, token: string): Promise<SessionProfile> {
    const name = requiredName(input.name);
    const email = validEmail(input.email);
    const country = (input.country ?? '').trim().slice(0, 60);
    const language = input.language === undefined ? {} : { language: chosenLanguage(input.language) };
    const holder = await this.queries.idOfEmail(email);
    if (holder !== undefined && holder !== user.id) throw conflict('emailUsedByAnother');
    const row = await this.queries.update(user.id, { name, email, country, currency: currencyForCountry(country) ?? user.currency, ...language }, new Date());
    // A reset link mailed to the old address must not outlive the change.
    if (email !== normalizeEmail(user.email)) await this.revokeResetLinks(user.id);
    await this.deps.lists.ownerChanged(user.id);
    return toSessionProfile(row!, token);
  }

  /** The footer's menu, signed in: the account keeps the language for every device and for its mails. */
  async setLanguage(user: ProfileSource, language: string | null, token: string): Promise<SessionProfile> {
    const row = await this.queries.update(user.id, { language: chosenLanguage(language) }, new Date());
    return toSessionProfile(row!, token);
  }

  async changePassword(user: ProfileSource, input: ChangePasswordInput): Promise<ChangePasswordAnswer> {
    const row = (await this.queries.byId(user.id))!;
    if (row.passwordHash === '') throw invalid('noPasswordYet');
    validPassword(input.newPassword);
    if (!(await this.passwordMatches(user.email, input.currentPassword, row.passwordHash))) throw invalid('currentPasswordWrong');
    const passwordHash = await this.deps.hasher.hash(input.newPassword);
    const updated = await this.queries.setPassword(user.id, passwordHash, new Date());
    await this.revokeResetLinks(user.id);
    await this.credentialsChanged(user.id);
    return { message: 'Your password has been changed.', token: await this.signToken(updated!) };
  }

  /**
   * Removes the account and its editor memberships. Its lists are marked deleted (admins still
   * see them as Deleted), lose any guest edit capability and leave the share view at once.
   */
  async deleteAccount(userId: string): Promise<void> {
    await this.deps.lists.retireOwner(userId, (tx) => this.queries.delete(userId, tx));
    await this.credentialsChanged(userId);
  }

  /**
   * Mails a single-use reset link valid for 1 hour. The answer is the same whether or not the
   * address has an account, and the mail goes out after the answer, so neither the text nor the
   * timing tells.
   */
  async requestPasswordReset(emailInput: string, caller: Caller): Promise<MessageAnswer> {
    this.requirePasswordLogin();
    await this.forgotPerIp.hit(caller.ip);
    const email = normalizeEmail(emailInput);
    const now = this.deps.clock.now();
    await this.queries.deleteResetLinksExpiredBy(new Date(now));
    const user = await this.queries.byEmail(email);
    if (user && !user.isDisabled && (await this.resetMailsPerAccount.take(email))) {
      this.mailResetLink(user, now, caller).catch((error: unknown) => console.error('Password reset mail failed:', error));
    }
    return { message: RESET_REQUESTED_MESSAGE };
  }

  /** Sets the new password, uses up the link, revokes older sessions and signs the user in. */
  async resetPassword(token: string, password: string): Promise<ResetPasswordAnswer> {
    this.requirePasswordLogin();
    validPassword(password);
    const tokenHash = hashSecret(token);
    const found = await this.queries.resetLink(tokenHash);
    if (!found || found.expiresAt.getTime() <= this.deps.clock.now()) throw invalid('resetLinkInvalid');
    if ((await this.queries.byId(found.userId))?.isDisabled) throw forbidden('accountDisabled');
    const passwordHash = await this.deps.hasher.hash(password);
    const row = await this.deps.store.transaction(async (tx) => {
      // Deleting the row is what uses the link up: of two concurrent resets only one deletes it.
      const used = await this.queries.takeResetLink(tokenHash, tx);
      if (!used) throw invalid('resetLinkInvalid');
      await this.queries.deleteResetLinksOf(used.userId, tx);
      return this.queries.setPassword(used.userId, passwordHash, new Date(), tx);
    });
    if (!row) throw invalid('resetLinkInvalid');
    await this.credentialsChanged(row.id);
    return { ...(await this.startSession(row)), message: 'Your password has been reset.' };
  }

  /**
   * Makes every outstanding password-reset link of the account unusable: called on password and
   * e-mail changes, and whenever an account is disabled.
   */
  revokeResetLinks(userId: string): Promise<void> {
    return this.queries.deleteResetLinksOf(userId);
  }

  /** An admin disabled the account: its reset links and its open connections end. */
  async disabled(userId: string): Promise<void> {
    await this.revokeResetLinks(userId);
    await this.credentialsChanged(userId);
  }

  /** Grants or removes the admin role by e-mail (CLI and ADMIN_EMAIL). False if no such account. */
  async setAdmin(emailInput: string, isAdmin: boolean): Promise<boolean> {
    const userId = await this.queries.setAdminByEmail(normalizeEmail(emailInput), isAdmin, new Date());
    if (!userId) return false;
    logEvent({ event: 'role.change', userId, isAdmin });
    await this.credentialsChanged(userId);
    return true;
  }

  /** The reset link and its mail, in one transaction: a link nobody was sent is never stored, nor a mail of a link that was not. */
  private async mailResetLink(user: UserRow, now: number, request: MailRequest): Promise<void> {
    const token = newSecret();
    const mail = await this.resetMail(user, token, request);
    const queue = await this.deps.mailer.queueIn();
    await this.deps.store.transaction(async (tx) => {
      await this.queries.insertResetLink({ tokenHash: hashSecret(token), userId: user.id, expiresAt: new Date(now + RESET_TOKEN_TTL_MS), createdAt: new Date(now) }, tx);
      await queue(mail, tx);
    });
  }

  private async resetMail(user: UserRow, token: string, request: MailRequest): Promise<OutgoingMail> {
    const { origin, company } = await this.deps.mailLinks.site(request.origin);
    const { t } = await this.deps.mailer.textsFor(user.email, request.language);
    // An account an identity provider made has no password to reset: its mail offers to set one.
    const texts = user.passwordHash === '' ? 'mail.setPassword' : 'mail.reset';
    return {
      to: user.email,
      subject: t(`${texts}.subject`, { company }),
      text: [
        t('mail.hello', { name: user.name }),
        '',
        t(`${texts}.body`, { company }),
        '',
        `${origin}/reset-password/${token}`,
        '',
        t(`${texts}.ignore`),
        '',
        company,
      ].join('\n'),
    };
  }

  private requirePasswordLogin(): void {
    if (!this.deps.passwordLogin) throw forbidden('passwordLoginOff');
  }

  private async startSession(row: UserRow): Promise<SessionProfile> {
    return toSessionProfile(row, await this.signToken(row));
  }

  private signToken(row: Pick<UserRow, 'id' | 'tokenVersion'>): Promise<string> {
    return this.deps.tokens.sign({ sub: row.id, ver: row.tokenVersion });
  }

  /** Tells every process that the account's credentials changed (see announceCredentialChange). */
  credentialsChanged(userId: string): Promise<void> {
    return announceCredentialChange(this.deps.store.changes, userId);
  }
}

/** The session profile: exactly the spec's fields, never the password hash or token version. */
function toSessionProfile(user: ProfileSource, token: string): SessionProfile {
  return {
    _id: user.id,
    name: user.name,
    email: user.email,
    country: user.country,
    currency: user.currency,
    token,
    isAdmin: user.isAdmin,
    isDisabled: user.isDisabled,
    registeredOnDomain: user.registeredOnDomain,
    language: isLanguage(user.language) ? user.language : null,
    hasPassword: 'hasPassword' in user ? user.hasPassword : user.passwordHash !== '',
  };
}

function emailTaken() {
  return conflict('emailTaken');
}

export function chosenLanguage(value: string | null): Language | null {
  if (value === null || isLanguage(value)) return value;
  throw invalid('languageUnknown', { codes: Object.keys(LANGUAGES).join(', ') });
}

function requiredName(value: string): string {
  const name = value.trim();
  if (!name) throw invalid('enterName');
  if (name.length > TEXT_LIMITS.profileName) throw invalid('nameTooLong', { max: TEXT_LIMITS.profileName });
  return name;
}

function validEmail(value: string): string {
  const email = normalizeEmail(value);
  if (!looksLikeEmail(email)) throw invalid('validEmail');
  return email;
}

function validPassword(password: string): void {
  if (password.length < PASSWORD_MIN_LENGTH) throw invalid('passwordTooShort', { min: PASSWORD_MIN_LENGTH });
  if (password.length > PASSWORD_MAX_LENGTH) throw invalid('passwordTooLong', { max: PASSWORD_MAX_LENGTH });
}
