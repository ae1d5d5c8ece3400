import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { SessionProfile } from '@wishwell/shared/api-types';
import type { RegisterInput } from '@wishwell/shared/account-types';
import { api } from '../../api/client';
import { AccountCard, AccountForm, Field, NewPasswordField, SubmitButton, useSubmission } from './AccountForm';
import { ProviderSignIn, useSignInOptions } from './ProviderSignIn';
import { useSignInFlow } from './sign-in';

/**
 * /register: 'Create an Account'. The browser's hostname is recorded as the account's domain.
 * An identity provider's button comes first (its first sign-in creates the account); without
 * password sign-in it is all the page offers.
 */
export default function RegisterPage() {
  const { claimListId, complete, carry } = useSignInFlow();
  const options = useSignInOptions();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { busy, submit } = useSubmission('Registration failed');

  const register = () =>
    submit(async () => {
      const body: RegisterInput = { name, email, password, claimListId, domain: window.location.hostname };
      await complete(await api.post<SessionProfile>('/users/register', body));
    });

  return (
    <AccountCard title="Create an Account">
      <ProviderSignIn options={options} carry={carry} />
      {options?.passwordLogin !== false && (
        <AccountForm onSubmit={register} label="Create an Account">
          <Field id="name" label="Name" icon="user" autoComplete="name" required value={name} onChange={setName} autoFocus />
          <Field id="email" label="Email Address" type="email" icon="envelope" autoComplete="email" required value={email} onChange={setEmail} />
          <NewPasswordField id="password" label="Password" value={password} onChange={setPassword} />
          <SubmitButton text="Create Account" busy={busy} />
        </AccountForm>
      )}
      <div className="ww-account-links">
        <span>
          Already have an account? <Link to={`/login${carry}`}>Sign in</Link>
        </span>
      </div>
    </AccountCard>
  );
}
