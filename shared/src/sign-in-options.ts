/** GET /users/sign-in-options: what the login and register pages offer on this site. */
export interface SignInOptions {
  /** False when the operator turned password sign-in off (PASSWORD_LOGIN=false). */
  passwordLogin: boolean;
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

/** The button's text: 'Sign in with {label}'. */
export const oidcButtonText = (label: string) => `Sign in with ${label}`;

/** What the login page says when the round trip failed; unknown reasons read as a failed attempt. */
export function oidcErrorMessage(reason: string, label: string): string {
  switch (reason as OidcErrorReason) {
    case 'unavailable':
      return `${label} cannot be reached right now, so signing in with it is not possible. Please try again in a few minutes.`;
    case 'unverified':
      return `${label} does not confirm that your email address belongs to you, so it cannot be used to sign in here. Confirm the address with ${label}, or sign in with your password.`;
    case 'not-registered':
      return `There is no account here for your ${label} sign-in. Ask the site's operator to create one for your email address.`;
    case 'disabled':
      return 'This account has been disabled. Contact the site operator.';
    default:
      return `Signing in with ${label} did not complete. Please try again.`;
  }
}
