import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { ChangePasswordAnswer, ChangePasswordInput } from '@wishwell/shared/account-types';
import { api } from '../../api/client';
import { notify } from '../../notifications/notify';
import { useSession } from '../../session/SessionProvider';
import { AccountCard, AccountForm, Field, NewPasswordField, SubmitButton, useSubmission } from './AccountForm';

/** /change-password: Current, New and Confirm New password. Other sessions are signed out. */
export default function ChangePasswordPage() {
  const { update } = useSession();
  const navigate = useNavigate();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const { busy, submit } = useSubmission('Password change failed');

  const change = () => {
    if (next !== confirm) return notify('New passwords do not match', 'error');
    return submit(async () => {
      const body: ChangePasswordInput = { currentPassword: current, newPassword: next };
      const answer = await api.put<ChangePasswordAnswer>('/users/profile/password', body);
      update({ token: answer.token }); // the old token was revoked with the password
      notify(answer.message, 'success');
      navigate('/account');
    });
  };

  return (
    <AccountCard title="Change Password">
      <AccountForm onSubmit={change} label="Change Password">
        <Field id="current-password" label="Current Password" type="password" icon="lock" autoComplete="current-password" required value={current} onChange={setCurrent} autoFocus />
        <NewPasswordField id="new-password" label="New Password" icon="key" value={next} onChange={setNext} />
        <Field id="confirm-password" label="Confirm New Password" type="password" icon="key" autoComplete="new-password" required value={confirm} onChange={setConfirm} />
        <SubmitButton text="Change Password" busy={busy} />
      </AccountForm>
      <div className="ww-account-links">
        <Link to="/account">Back to My Account</Link>
      </div>
    </AccountCard>
  );
}
