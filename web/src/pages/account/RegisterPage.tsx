import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { SessionProfile } from '@wishwell/shared/api-types';
import { PASSWORD_MIN_LENGTH } from '@wishwell/shared/constants';
import { PASSWORD_RULE, type RegisterInput } from '@wishwell/shared/account-types';
import { api, errorMessage } from '../../api/client';
import { notify } from '../../notifications/notify';
import { AccountCard, AccountForm, Field, SubmitButton } from './AccountForm';
import { useSignInFlow } from './sign-in';

/** /register: 'Create an Account'. The browser's hostname is recorded as the account's domain. */
export default function RegisterPage() {
  const { claimListId, complete, carry } = useSignInFlow();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    setBusy(true);
    try {
      const body: RegisterInput = { name, email, password, claimListId, domain: window.location.hostname };
      complete(await api.post<SessionProfile>('/users/register', body));
    } catch (error) {
      notify(errorMessage(error, 'Registration failed'), 'error');
      setBusy(false);
    }
  };

  return (
    <AccountCard title="Create an Account">
      <AccountForm onSubmit={submit} label="Create an Account">
        <Field id="name" label="Name" icon="user" autoComplete="name" required value={name} onChange={setName} autoFocus />
        <Field id="email" label="Email Address" type="email" icon="envelope" autoComplete="email" required value={email} onChange={setEmail} />
        <Field
          id="password"
          label="Password"
          type="password"
          icon="lock"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN_LENGTH}
          helperText={PASSWORD_RULE}
          value={password}
          onChange={setPassword}
        />
        <SubmitButton text="Create Account" busy={busy} />
      </AccountForm>
      <div className="ww-account-links">
        <span>
          Already have an account? <Link to={`/login${carry}`}>Sign in</Link>
        </span>
      </div>
    </AccountCard>
  );
}
