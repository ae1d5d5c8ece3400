import { useState } from 'react';
import { Callout } from '@blueprintjs/core';
import { useTranslation } from '../../i18n/react';
import { Link } from '../../app/routing';
import type { RegisterInput } from '@wishwell/shared/account-types';
import { TEXT_LIMITS } from '@wishwell/shared/text-limits';
import { api } from '../../api/client';
import { AccountCard, AccountForm, Field, NewPasswordField, SubmitButton, useSubmission } from './AccountForm';
import { ProviderSignIn } from './ProviderSignIn';
import { useSignInOptions } from '../../session/sign-in-options';
import { useSignInFlow } from './sign-in';

/**
 * /register: 'Create an Account'. The browser's hostname is recorded as the account's domain.
 * An identity provider's button comes first (its first sign-in creates the account); without
 * password sign-in it is all the page offers.
 */
export default function RegisterPage() {
  const { t } = useTranslation();
  const { claimListId, invitation, signup, complete, carry } = useSignInFlow();
  const options = useSignInOptions();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { busy, submit } = useSubmission(t('account.registrationFailed'));

  const register = () =>
    submit(async () => {
      const body: RegisterInput = { name, email, password, claimListId, invitation, signup, domain: window.location.hostname };
      await complete(await api.post('/users/register', { body }));
    });

  return (
    <AccountCard title={t('account.createTitle')}>
      <ProviderSignIn options={options} carry={carry} />
      {options && options.registration !== 'open' && !(options.registration === 'invite' && (invitation || signup)) ? (
        <Callout intent="primary" icon="lock" className="ww-account-note">
          {t(options.registration === 'closed' ? 'account.registrationClosed' : 'account.registrationByInvitation')}
        </Callout>
      ) : options?.passwordLogin !== false && (
        <AccountForm onSubmit={register} label={t('account.createTitle')}>
          <Field id="name" label={t('account.name')} icon="user" autoComplete="name" required maxLength={TEXT_LIMITS.profileName} value={name} onChange={setName} autoFocus />
          <Field id="email" label={t('account.email')} type="email" icon="envelope" autoComplete="email" required value={email} onChange={setEmail} />
          <NewPasswordField id="password" label={t('account.password')} value={password} onChange={setPassword} />
          <SubmitButton text={t('account.createAccount')} busy={busy} />
        </AccountForm>
      )}
      <div className="ww-account-links">
        <span>
          {t('account.haveAccount')} <Link to={`/login${carry}`}>{t('account.signInLink')}</Link>
        </span>
      </div>
    </AccountCard>
  );
}
