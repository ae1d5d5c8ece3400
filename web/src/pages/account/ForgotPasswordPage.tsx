import { useState } from 'react';
import { Callout } from '@blueprintjs/core';
import { useTranslation } from '../../i18n/react';
import { Link } from '../../app/routing';
import type { ForgotPasswordInput } from '@wishwell/shared/account-types';
import { api } from '../../api/client';
import { notify } from '../../notifications/notify';
import { ProviderOnlyCard } from './ProviderSignIn';
import { useSignInOptions } from '../../session/sign-in-options';
import { AccountCard, AccountForm, Field, SubmitButton, useSubmission } from './AccountForm';

/** /forgot-password: an e-mail field and 'Send Reset Link' (where the site signs in through its provider only, that button instead). */
export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const { busy, submit } = useSubmission(t('password.sendFailed'));

  const requestLink = () =>
    submit(async () => {
      const body: ForgotPasswordInput = { email };
      const answer = await api.post('/users/forgot-password', { body });
      setSent(answer.message);
      notify(answer.message, 'success');
    });

  const options = useSignInOptions();
  if (options?.passwordLogin === false) return <ProviderOnlyCard title={t('password.forgotTitle')} options={options} />;

  return (
    <AccountCard title={t('password.forgotTitle')}>
      <p className="ww-account-note">{t('password.forgotIntro')}</p>
      {sent && (
        <Callout intent="success" icon="envelope" className="ww-account-note" role="status">
          {sent}
        </Callout>
      )}
      <AccountForm onSubmit={requestLink} label={t('password.forgotTitle')}>
        <Field id="email" label={t('account.email')} type="email" icon="envelope" autoComplete="email" required value={email} onChange={setEmail} autoFocus />
        <SubmitButton text={t('password.sendLink')} busy={busy} />
      </AccountForm>
      <div className="ww-account-links">
        <Link to="/login">{t('password.backToSignIn')}</Link>
      </div>
    </AccountCard>
  );
}
