/**
 * The account API contract (spec section 7, "Session and domain"): request bodies, answers and
 * the account limits. Answers that sign a user in are `SessionProfile`s.
 */
import type { SessionProfile } from './api-types';

export const PASSWORD_MAX_LENGTH = 256;

/** POST /users/register */
export interface RegisterInput {
  name: string;
  email: string;
  password: string;
  /** A guest list the browser holds, to attach to the new account. */
  claimListId?: string;
  /** A pending editor invitation's token: with sign-ups by invitation only, what lets its holder register. */
  invitation?: string;
  /** An admin's invitation link's token (`/register?signup=`): with sign-ups by invitation, used up by registering. */
  signup?: string;
  /** The browser's hostname: recorded as registeredOnDomain. */
  domain?: string;
}

/** POST /users/login */
export interface LoginInput {
  email: string;
  password: string;
  claimListId?: string;
}

/** PUT /users/profile */
export interface ProfileInput {
  name: string;
  email: string;
  /** A free text hint like UK or US; the currency follows it where known. */
  country?: string;
  /** The account's language (a code in LANGUAGES); null: the browser's; left out: unchanged. */
  language?: string | null;
}

/** PUT /users/profile/language: the footer's language menu, signed in. */
export interface LanguageInput {
  language: string | null;
}

/** PUT /users/profile/password */
export interface ChangePasswordInput {
  currentPassword: string;
  newPassword: string;
}

/** POST /users/forgot-password */
export interface ForgotPasswordInput {
  email: string;
}

/** PUT /users/reset-password/{token} */
export interface ResetPasswordInput {
  password: string;
}

export interface MessageAnswer {
  message: string;
}

/** POST /users/logout. `endSessionUrl`: the session came through a provider; the browser goes there to sign out of it too. */
export interface SignOutAnswer extends MessageAnswer {
  endSessionUrl?: string;
}

/** PUT /users/profile/password: the old tokens are revoked, so the answer carries the new one. */
export interface ChangePasswordAnswer extends MessageAnswer {
  token: string;
}

/** PUT /users/reset-password/{token}: a reset signs the user in. */
export type ResetPasswordAnswer = SessionProfile & MessageAnswer;

/** An e-mail address as accounts store it: trimmed and lower-cased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** A deliberately loose shape check (one @, a dot in the domain, no spaces). */
export function looksLikeEmail(email: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) && email.length <= 254;
}
