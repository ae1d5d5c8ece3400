import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { SessionProfile } from '@wishwell/shared/api-types';
import type { LoginInput } from '@wishwell/shared/account-types';
import { api } from '../../api/client';
import { AccountCard, AccountForm, Field, SubmitButton, useSubmission } from './AccountForm';
import { useSignInFlow } from './sign-in';

/** /login: 'Sign In'. Native validation is off: the server decides. */
export default function LoginPage() {
  const { claimListId, complete, carry } = useSignInFlow();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { busy, submit } = useSubmission('Login failed');

  const signIn = () =>
    submit(async () => {
      const body: LoginInput = { email, password, claimListId };
      await complete(await api.post<SessionProfile>('/users/login', body));
    });

  return (
    <AccountCard title="Sign In">
      <AccountForm onSubmit={signIn} noValidate label="Sign In">
        <Field id="email" label="Email Address" type="email" icon="envelope" autoComplete="email" value={email} onChange={setEmail} autoFocus />
        <Field id="password" label="Password" type="password" icon="lock" autoComplete="current-password" value={password} onChange={setPassword} />
        <SubmitButton text="Sign In" busy={busy} />
      </AccountForm>
      <div className="ww-account-links">
        <Link to="/forgot-password">Forgot password?</Link>
        <Link to={`/register${carry}`}>Create an account</Link>
      </div>
    </AccountCard>
  );
}
