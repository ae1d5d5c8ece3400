import type { RegistrationMode } from './instance-settings-types';

/** GET /users/sign-in-options: what the login and register pages offer on this site. */
export interface SignInOptions {
  /** False when the operator turned password sign-in off (PASSWORD_LOGIN=false). */
  passwordLogin: boolean;
  /** Who may create an account with a password here (the admin console's Sign-ups, or REGISTRATION). */
  registration: RegistrationMode;
  /** The OpenID Connect provider's button, when one is set up. */
  oidc: { label: string } | null;
  /** An OpenID Connect sign-in waiting for the account's password before it is linked. */
  pendingLink: { email: string } | null;
}

/** Why an OpenID Connect round trip ended back on the login page (`/login?oidcError=`). */
export type OidcErrorReason = 'unavailable' | 'failed' | 'unverified' | 'not-registered' | 'disabled';

/** Where a successful OpenID Connect round trip lands (with claimList and invitation), to finish as the forms do. */
export const OIDC_SIGNED_IN_PATH = '/signed-in';
/** Query parameters of the login page that an unfinished OpenID Connect round trip sets. */
export const OIDC_ERROR_PARAM = 'oidcError';
export const OIDC_LINK_PARAM = 'oidcLink';
