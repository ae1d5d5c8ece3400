import { AnchorButton, Callout } from '@blueprintjs/core';
import { useTranslation } from '../../i18n/react';
import type { OidcErrorReason, SignInOptions } from '@wishwell/shared/sign-in-options';
import { AccountCard } from './AccountForm';

/**
 * 'Sign in with {label}': a plain link, since the browser itself must travel to the provider and
 * back. `carry` keeps claimList and invitation through the round trip. Shown above the password
 * form, with 'or' between them.
 */
export function ProviderSignIn({ options, carry }: { options: SignInOptions | null; carry: string }) {
  const { t } = useTranslation();
  if (!options?.oidc) return null;
  return (
    <div className="ww-provider-sign-in">
      <AnchorButton href={`/api/v1/users/oidc/start${carry}`} size="large" fill text={t('account.signInWith', { label: options.oidc.label })} />
      {options.passwordLogin && (
        <p className="ww-or" aria-hidden="true">
          <span>{t('account.or')}</span>
        </p>
      )}
    </div>
  );
}

/** A password page where the site takes no passwords (PASSWORD_LOGIN=false): what signs in instead, and its button. */
export function ProviderOnlyCard({ title, options }: { title: string; options: SignInOptions }) {
  const { t } = useTranslation();
  return (
    <AccountCard title={title}>
      <Callout intent="primary" className="ww-account-callout">
        {t('password.providerOnly', { label: options.oidc?.label ?? t('account.identityProvider') })}
      </Callout>
      <ProviderSignIn options={options} carry="" />
    </AccountCard>
  );
}

/** Why the round trip came back without signing in (`/login?oidcError=`). */
export function ProviderError({ reason, options }: { reason: string | null; options: SignInOptions | null }) {
  const { t } = useTranslation();
  if (!reason || !options) return null;
  const label = options.oidc?.label ?? t('account.identityProvider');
  return (
    <Callout intent="danger" role="alert" className="ww-account-callout">
      {t(PROVIDER_ERROR_KEYS[reason as OidcErrorReason] ?? PROVIDER_ERROR_KEYS.failed, { label })}
    </Callout>
  );
}

/** Unknown reasons read as a failed attempt. */
const PROVIDER_ERROR_KEYS: Record<OidcErrorReason, string> = {
  unavailable: 'account.oidcUnavailable',
  failed: 'account.oidcFailed',
  unverified: 'account.oidcUnverified',
  'not-registered': 'account.oidcNotRegistered',
  disabled: 'account.oidcDisabled',
};
