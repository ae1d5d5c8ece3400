import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { PASSWORD_MIN_LENGTH } from '@wishwell/shared/constants';
import { PASSWORD_RULE, type ResetPasswordAnswer, type ResetPasswordInput } from '@wishwell/shared/account-types';
import { api, errorMessage } from '../../api/client';
import { notify } from '../../notifications/notify';
import { useSession } from '../../session/SessionProvider';
import { AccountCard, AccountForm, Field, SubmitButton } from './AccountForm';

/** /reset-password/{token}: New and Confirm password; the reset signs in, then /dashboard. */
export default function ResetPasswordPage() {
  const { token = '' } = useParams();
  const { signIn } = useSession();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    if (password !== confirm) {
      notify('Passwords do not match', 'error');
      return;
    }
    setBusy(true);
    try {
      const body: ResetPasswordInput = { password };
      const answer = await api.put<ResetPasswordAnswer>(`/users/reset-password/${encodeURIComponent(token)}`, body);
      const { message, ...profile } = answer;
      signIn(profile);
      notify(message, 'success');
      navigate('/dashboard');
    } catch (error) {
      notify(errorMessage(error, 'Password reset failed'), 'error');
      setBusy(false);
    }
  };

  return (
    <AccountCard title="Reset Password">
      <AccountForm onSubmit={submit} label="Reset Password">
        <Field
          id="new-password"
          label="New Password"
          type="password"
          icon="lock"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN_LENGTH}
          helperText={PASSWORD_RULE}
          value={password}
          onChange={setPassword}
          autoFocus
        />
        <Field id="confirm-password" label="Confirm Password" type="password" icon="lock" autoComplete="new-password" required value={confirm} onChange={setConfirm} />
        <SubmitButton text="Reset Password" busy={busy} />
      </AccountForm>
      <div className="ww-account-links">
        <Link to="/forgot-password">Ask for a new link</Link>
      </div>
    </AccountCard>
  );
}
