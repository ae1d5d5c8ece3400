import { useState } from 'react';
import { Callout, Spinner } from '@blueprintjs/core';
import { useTranslation } from '../../i18n/react';
import { Link, useSearchParams } from '../../app/routing';
import type { LoginInput } from '@wishwell/shared/account-types';
import { OIDC_ERROR_PARAM, OIDC_LINK_PARAM } from '@wishwell/shared/sign-in-options';
import { api } from '../../api/client';
import { AccountCard, AccountForm, Field, SubmitButton, useSubmission } from './AccountForm';
import { ProviderError, ProviderSignIn } from './ProviderSignIn';
import { useSignInOptions } from '../../session/sign-in-options';
import { useSignInFlow } from './sign-in';

/**
 * /login: 'Sign In'. Native validation is off: the server decides. With an identity provider set
 * up, its button comes first; a provider round trip that did not sign in ends here (refused, or
 * waiting for the password that links an existing account).
 */
export default function LoginPage() {
  const { t } = useTranslation();
  const flow = useSignInFlow();
  const options = useSignInOptions();
  const [params] = useSearchParams();
  const linking = params.has(OIDC_LINK_PARAM);
  const pendingLink = linking ? options?.pendingLink : null;
  return (
    <AccountCard title={t('account.signIn')}>
      <ProviderError reason={params.get(OIDC_ERROR_PARAM)} options={options} />
      {/* Back from the provider to link: the plain form meanwhile would take a password the link form then replaces. */}
      {linking && !options ? (
        <Spinner size={24} />
      ) : pendingLink ? (
        <LinkAccountForm email={pendingLink.email} label={options!.oidc!.label} passwordResets={options!.passwordLogin} flow={flow} />
      ) : (
        <>
          <ProviderSignIn options={options} carry={flow.carry} />
          {options?.passwordLogin !== false && <PasswordSignIn flow={flow} />}
        </>
      )}
    </AccountCard>
  );
}

type SignInFlow = ReturnType<typeof useSignInFlow>;

function PasswordSignIn({ flow: { claimListId, complete, carry } }: { flow: SignInFlow }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { busy, submit } = useSubmission(t('account.loginFailed'));

  const signIn = () =>
    submit(async () => {
      const body: LoginInput = { email, password, claimListId };
      await complete(await api.post('/users/login', { body }));
    });

  return (
    <>
      <AccountForm onSubmit={signIn} noValidate label={t('account.signIn')}>
        <Field id="email" label={t('account.email')} type="email" icon="envelope" autoComplete="email" value={email} onChange={setEmail} autoFocus />
        <Field id="password" label={t('account.password')} type="password" icon="lock" autoComplete="current-password" value={password} onChange={setPassword} />
        <SubmitButton text={t('account.signIn')} busy={busy} />
      </AccountForm>
      <div className="ww-account-links">
        <Link to="/forgot-password">{t('account.forgotPassword')}</Link>
        <Link to={`/register${carry}`}>{t('account.createLink')}</Link>
      </div>
    </>
  );
}

/**
 * A provider sign-in matched an account by its verified e-mail: its password, once, links the two.
 * Cancel goes back to the plain sign-in page; 'Forgot password?' only where the server takes
 * resets (PASSWORD_LOGIN=false refuses them).
 */
function LinkAccountForm({ email, label, passwordResets, flow: { claimListId, complete } }: { email: string; label: string; passwordResets: boolean; flow: SignInFlow }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const { busy, submit } = useSubmission(t('account.loginFailed'));

  const link = () =>
    submit(async () => {
      await complete(await api.post('/users/oidc/link', { body: { password, claimListId } }));
    });

  return (
    <>
      <Callout intent="primary" className="ww-account-callout">
        {t('account.linkExisting', { email, label })}
      </Callout>
      <AccountForm onSubmit={link} noValidate label={t('account.linkTitle')}>
        <Field id="password" label={t('account.password')} type="password" icon="lock" autoComplete="current-password" value={password} onChange={setPassword} autoFocus />
        <SubmitButton text={t('account.linkAndSignIn')} busy={busy} />
      </AccountForm>
      <div className="ww-account-links">
        <Link to="/login">{t('account.cancelLink')}</Link>
        {passwordResets && <Link to="/forgot-password">{t('account.forgotPassword')}</Link>}
      </div>
    </>
  );
}
