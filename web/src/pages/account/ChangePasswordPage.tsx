import { useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { Link, useNavigate } from '../../app/routing';
import type { ChangePasswordInput } from '@wishwell/shared/account-types';
import { api } from '../../api/client';
import { notify } from '../../notifications/notify';
import { useSession } from '../../session/SessionProvider';
import { AccountCard, AccountForm, Field, NewPasswordField, SubmitButton, useSubmission } from './AccountForm';
import { SetPassword } from './PasswordSection';
import { useSignInOptions } from '../../session/sign-in-options';

/**
 * /change-password: Current, New and Confirm New password; other sessions are signed out. An
 * account an identity provider made has no password to change: it is told so and offered My
 * Account's 'Set a password' (where the site takes passwords at all).
 */
export default function ChangePasswordPage() {
  const { user } = useSession();
  return user && !user.hasPassword ? <NoPasswordYet email={user.email} /> : <ChangePasswordForm />;
}

function NoPasswordYet({ email }: { email: string }) {
  const { t } = useTranslation();
  const options = useSignInOptions();
  const label = options?.oidc?.label ?? t('account.identityProvider');
  return (
    <AccountCard title={t('myAccount.changePassword')}>
      {options?.passwordLogin ? <SetPassword email={email} options={options} /> : options && <p className="ww-account-note">{t('password.providerOnly', { label })}</p>}
      <div className="ww-account-links">
        <Link to="/account">{t('password.backToAccount')}</Link>
      </div>
    </AccountCard>
  );
}

function ChangePasswordForm() {
  const { t } = useTranslation();
  const { update } = useSession();
  const navigate = useNavigate();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const { busy, submit } = useSubmission(t('password.changeFailed'));

  const change = () => {
    if (next !== confirm) return notify(t('password.newMismatch'), 'error');
    return submit(async () => {
      const body: ChangePasswordInput = { currentPassword: current, newPassword: next };
      const answer = await api.put('/users/profile/password', { body });
      update({ token: answer.token }); // the old token was revoked with the password
      notify(answer.message, 'success');
      navigate('/account');
    });
  };

  return (
    <AccountCard title={t('myAccount.changePassword')}>
      <AccountForm onSubmit={change} label={t('myAccount.changePassword')}>
        <Field id="current-password" label={t('password.current')} type="password" icon="lock" autoComplete="current-password" required value={current} onChange={setCurrent} autoFocus />
        <NewPasswordField id="new-password" label={t('password.new')} icon="key" value={next} onChange={setNext} />
        <Field id="confirm-password" label={t('password.confirmNew')} type="password" icon="key" autoComplete="new-password" required value={confirm} onChange={setConfirm} />
        <SubmitButton text={t('myAccount.changePassword')} busy={busy} />
      </AccountForm>
      <div className="ww-account-links">
        <Link to="/account">{t('password.backToAccount')}</Link>
      </div>
    </AccountCard>
  );
}
