import { useState } from 'react';
import { Button, Callout } from '@blueprintjs/core';
import { useTranslation } from '../../i18n/react';
import { Link } from '../../app/routing';
import type { ForgotPasswordInput } from '@wishwell/shared/account-types';
import type { SessionProfile } from '@wishwell/shared/api-types';
import type { SignInOptions } from '@wishwell/shared/sign-in-options';
import { api } from '../../api/client';
import { useSubmission } from './AccountForm';

/**
 * My Account's 'Password': 'Change Password' for an account that has one; an account an identity
 * provider made has none to give, so 'Set a password' mails the reset link to its own address.
 * Hidden where the site takes no passwords (PASSWORD_LOGIN=false).
 */
export function PasswordSection({ user, options }: { user: SessionProfile; options: SignInOptions | null }) {
  const { t } = useTranslation();
  if (!options?.passwordLogin) return null;
  return (
    <section className="ww-account-section" aria-labelledby="password-heading">
      <h2 id="password-heading">{t('myAccount.password')}</h2>
      {user.hasPassword ? (
        <Link to="/change-password">{t('myAccount.changePassword')}</Link>
      ) : (
        <SetPassword email={user.email} options={options} />
      )}
    </section>
  );
}

/** 'Set a password' for an account without one: the reset mail to its own address, which sets the first. */
export function SetPassword({ email, options }: { email: string; options: SignInOptions }) {
  const { t } = useTranslation();
  const label = options.oidc?.label ?? t('account.identityProvider');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { busy, submit } = useSubmission(t('myAccount.setPasswordFailed'));

  const sendLink = () =>
    submit(async () => {
      const body: ForgotPasswordInput = { email };
      await api.post('/users/forgot-password', { body });
      setSentTo(email);
    });

  return (
    <>
      <p className="ww-account-note">{t('myAccount.noPasswordNote', { label })}</p>
      {sentTo ? (
        <Callout intent="success" icon="envelope" role="status">
          {t('myAccount.setPasswordSent', { email: sentTo })}
        </Callout>
      ) : (
        <Button icon="key" loading={busy} onClick={sendLink} text={t('myAccount.setPassword')} />
      )}
    </>
  );
}
