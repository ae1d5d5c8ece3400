import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { ResetPasswordAnswer, ResetPasswordInput } from '@wishwell/shared/account-types';
import { api } from '../../api/client';
import { notify } from '../../notifications/notify';
import { useSession } from '../../session/SessionProvider';
import { AccountCard, AccountForm, Field, NewPasswordField, SubmitButton, useSubmission } from './AccountForm';

/** /reset-password/{token}: New and Confirm password; the reset signs in, then /dashboard. */
export default function ResetPasswordPage() {
  const { token = '' } = useParams();
  const { signIn } = useSession();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const { busy, submit } = useSubmission('Password reset failed');

  const reset = () => {
    if (password !== confirm) return notify('Passwords do not match', 'error');
    return submit(async () => {
      const body: ResetPasswordInput = { password };
      const { message, ...profile } = await api.put<ResetPasswordAnswer>(`/users/reset-password/${encodeURIComponent(token)}`, body);
      signIn(profile);
      notify(message, 'success');
      navigate('/dashboard');
    });
  };

  return (
    <AccountCard title="Reset Password">
      <AccountForm onSubmit={reset} label="Reset Password">
        <NewPasswordField id="new-password" label="New Password" value={password} onChange={setPassword} autoFocus />
        <Field id="confirm-password" label="Confirm Password" type="password" icon="lock" autoComplete="new-password" required value={confirm} onChange={setConfirm} />
        <SubmitButton text="Reset Password" busy={busy} />
      </AccountForm>
      <div className="ww-account-links">
        <Link to="/forgot-password">Ask for a new link</Link>
      </div>
    </AccountCard>
  );
}
