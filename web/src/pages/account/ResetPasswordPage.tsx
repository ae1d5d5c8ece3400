import { useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { Link, useNavigate, useParams } from '../../app/routing';
import type { ResetPasswordInput } from '@wishwell/shared/account-types';
import { api } from '../../api/client';
import { notify } from '../../notifications/notify';
import { useSession } from '../../session/SessionProvider';
import { ProviderOnlyCard } from './ProviderSignIn';
import { useSignInOptions } from '../../session/sign-in-options';
import { AccountCard, AccountForm, Field, NewPasswordField, SubmitButton, useSubmission } from './AccountForm';

/** /reset-password/{token}: New and Confirm password; the reset signs in, then /dashboard (provider-only sites: their sign-in button). */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const { signIn } = useSession();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const { busy, submit } = useSubmission(t('password.resetFailed'));

  const reset = () => {
    if (password !== confirm) return notify(t('password.mismatch'), 'error');
    return submit(async () => {
      const body: ResetPasswordInput = { password };
      const { message, ...profile } = await api.put('/users/reset-password/:token', { params: { token }, body });
      signIn(profile);
      notify(message, 'success');
      navigate('/dashboard');
    });
  };

  const options = useSignInOptions();
  if (options?.passwordLogin === false) return <ProviderOnlyCard title={t('password.resetTitle')} options={options} />;

  return (
    <AccountCard title={t('password.resetTitle')}>
      <AccountForm onSubmit={reset} label={t('password.resetTitle')}>
        <NewPasswordField id="new-password" label={t('password.new')} value={password} onChange={setPassword} autoFocus />
        <Field id="confirm-password" label={t('password.confirm')} type="password" icon="lock" autoComplete="new-password" required value={confirm} onChange={setConfirm} />
        <SubmitButton text={t('password.resetTitle')} busy={busy} />
      </AccountForm>
      <div className="ww-account-links">
        <Link to="/forgot-password">{t('password.askNewLink')}</Link>
      </div>
    </AccountCard>
  );
}
