import { useState } from 'react';
import { Button } from '@blueprintjs/core';
import { Link, useNavigate } from 'react-router';
import type { SessionProfile } from '@wishwell/shared/api-types';
import type { ProfileInput } from '@wishwell/shared/account-types';
import { api } from '../../api/client';
import { notify } from '../../notifications/notify';
import { useSession } from '../../session/SessionProvider';
import { AccountCard, AccountForm, Field, SubmitButton, useSubmission } from './AccountForm';
import { ConfirmDeleteAlert } from '../../ui/ConfirmDeleteAlert';
import { ApiTokens } from './ApiTokens';

/** /account: 'My Account': the details form, a link to change the password, API tokens and Delete My Account. */
export default function AccountPage() {
  const { user, signIn, signOut } = useSession();
  const navigate = useNavigate();
  const [name, setName] = useState(user?.name ?? '');
  const [email, setEmail] = useState(user?.email ?? '');
  const [country, setCountry] = useState(user?.country ?? '');
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const { busy, submit } = useSubmission('Update failed');

  const save = () =>
    submit(async () => {
      const body: ProfileInput = { name, email, country };
      signIn(await api.put<SessionProfile>('/users/profile', body));
      notify('Profile Updated Successfully!', 'success');
    });

  const deleteAccount = async () => {
    setConfirmingDelete(false);
    try {
      await api.delete('/users/profile');
    } catch (error) {
      console.error('Account deletion failed', error); // spec: only logged
      return;
    }
    await signOut(() => navigate('/'));
  };

  return (
    <AccountCard title="My Account" wide>
      <AccountForm onSubmit={save} label="My Account details">
        <Field id="name" label="Name" icon="user" autoComplete="name" required value={name} onChange={setName} />
        <Field id="email" label="Email Address" type="email" icon="envelope" autoComplete="email" required value={email} onChange={setEmail} />
        <Field
          id="country"
          label="Country"
          icon="globe"
          autoComplete="country-name"
          placeholder="e.g. UK or US"
          helperText="A hint such as UK or US: prices show in its currency (GBP unless US, CA, AU or NZ)."
          value={country}
          onChange={setCountry}
        />
        <SubmitButton text="Save Changes" busy={busy} />
      </AccountForm>

      <section className="ww-account-section" aria-labelledby="password-heading">
        <h2 id="password-heading">Password</h2>
        <Link to="/change-password">Change Password</Link>
      </section>

      <ApiTokens isAdmin={user?.isAdmin ?? false} />

      <section className="ww-account-section" aria-labelledby="delete-heading">
        <div className="ww-danger-zone">
          <h2 id="delete-heading">Delete My Account</h2>
          <p className="ww-account-note">Your account and your wish lists are removed. This cannot be undone.</p>
          <Button intent="danger" icon="trash" onClick={() => setConfirmingDelete(true)}>
            Delete My Account
          </Button>
        </div>
      </section>

      <ConfirmDeleteAlert
        isOpen={confirmingDelete}
        confirmText="Delete My Account"
        onConfirm={deleteAccount}
        onCancel={() => setConfirmingDelete(false)}
      >
        <p>Are you sure you want to delete your account? Your wish lists will be deleted too. This cannot be undone.</p>
      </ConfirmDeleteAlert>
    </AccountCard>
  );
}
