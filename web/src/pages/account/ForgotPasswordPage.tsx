import { useState } from 'react';
import { Callout } from '@blueprintjs/core';
import { Link } from 'react-router';
import type { ForgotPasswordInput, MessageAnswer } from '@wishwell/shared/account-types';
import { api } from '../../api/client';
import { notify } from '../../notifications/notify';
import { AccountCard, AccountForm, Field, SubmitButton, useSubmission } from './AccountForm';

/** /forgot-password: an e-mail field and 'Send Reset Link'. */
export default function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const { busy, submit } = useSubmission('Could not send the reset link');

  const requestLink = () =>
    submit(async () => {
      const body: ForgotPasswordInput = { email };
      const answer = await api.post<MessageAnswer>('/users/forgot-password', body);
      setSent(answer.message);
      notify(answer.message, 'success');
    });

  return (
    <AccountCard title="Forgot Password">
      <p className="ww-account-note">Enter the email address of your account and we will send you a link to choose a new password.</p>
      {sent && (
        <Callout intent="success" icon="envelope" className="ww-account-note" role="status">
          {sent}
        </Callout>
      )}
      <AccountForm onSubmit={requestLink} label="Forgot Password">
        <Field id="email" label="Email Address" type="email" icon="envelope" autoComplete="email" required value={email} onChange={setEmail} autoFocus />
        <SubmitButton text="Send Reset Link" busy={busy} />
      </AccountForm>
      <div className="ww-account-links">
        <Link to="/login">Back to sign in</Link>
      </div>
    </AccountCard>
  );
}
