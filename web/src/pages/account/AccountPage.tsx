import { useState } from 'react';
import { Button } from '@blueprintjs/core';
import { useTranslation } from '../../i18n/react';
import { useNavigate } from '../../app/routing';
import type { ProfileInput } from '@wishwell/shared/account-types';
import { TEXT_LIMITS } from '@wishwell/shared/text-limits';
import { api } from '../../api/client';
import { notify } from '../../notifications/notify';
import { useSession } from '../../session/SessionProvider';
import { AccountCard, AccountForm, Field, SubmitButton, useSubmission } from './AccountForm';
import { ConfirmDeleteAlert } from '../../ui/ConfirmDeleteAlert';
import { ApiTokens } from './ApiTokens';
import { BookmarkletSection } from './BookmarkletSection';
import { MailPreferences } from '../notifications/MailPreferences';
import { DataDownloadSection } from './DataDownloadSection';
import { LanguageField } from './LanguageField';
import { PasswordSection } from './PasswordSection';
import { useSignInOptions } from '../../session/sign-in-options';
import { forgetLanguageChoice } from '../../i18n/language';

/** /account: 'My Account': the details form, the password (change, or set a first one), API tokens and Delete My Account. */
export default function AccountPage() {
  const { t, i18n } = useTranslation();
  const { user, signIn, signOut } = useSession();
  const navigate = useNavigate();
  const signInOptions = useSignInOptions();
  const [name, setName] = useState(user?.name ?? '');
  const [email, setEmail] = useState(user?.email ?? '');
  const [country, setCountry] = useState(user?.country ?? '');
  const [language, setLanguage] = useState(user?.language ?? null);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const { busy, submit } = useSubmission(t('myAccount.updateFailed'));

  const save = () =>
    submit(async () => {
      const body: ProfileInput = { name, email, country, language };
      const hadLanguage = user?.language;
      signIn(await api.put('/users/profile', { body }));
      // A chosen language is applied by the session; going back to "the browser's" drops the choice here too.
      if (hadLanguage && !language) await forgetLanguageChoice(i18n);
      notify(t('myAccount.updated'), 'success');
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
    <AccountCard title={t('myAccount.title')} wide>
      <AccountForm onSubmit={save} label={t('myAccount.details')}>
        <Field id="name" label={t('account.name')} icon="user" autoComplete="name" required maxLength={TEXT_LIMITS.profileName} value={name} onChange={setName} />
        <Field id="email" label={t('account.email')} type="email" icon="envelope" autoComplete="email" required value={email} onChange={setEmail} />
        <Field
          id="country"
          label={t('myAccount.country')}
          icon="globe"
          autoComplete="country-name"
          placeholder={t('myAccount.countryPlaceholder')}
          helperText={t('myAccount.countryHelp')}
          value={country}
          onChange={setCountry}
        />
        <LanguageField value={language} onChange={setLanguage} />
        <SubmitButton text={t('myAccount.save')} busy={busy} />
      </AccountForm>

      {user && <PasswordSection user={user} options={signInOptions} />}

      <MailPreferences />

      <BookmarkletSection />

      <ApiTokens isAdmin={user?.isAdmin ?? false} />
      <DataDownloadSection />

      <section className="ww-account-section" aria-labelledby="delete-heading">
        <div className="ww-danger-zone">
          <h2 id="delete-heading">{t('myAccount.deleteTitle')}</h2>
          <p className="ww-account-note">{t('myAccount.deleteNote')}</p>
          <Button intent="danger" icon="trash" onClick={() => setConfirmingDelete(true)}>
            {t('myAccount.deleteTitle')}
          </Button>
        </div>
      </section>

      <ConfirmDeleteAlert
        isOpen={confirmingDelete}
        confirmText={t('myAccount.deleteTitle')}
        onConfirm={deleteAccount}
        onCancel={() => setConfirmingDelete(false)}
      >
        <p>{t('myAccount.deleteConfirm')}</p>
      </ConfirmDeleteAlert>
    </AccountCard>
  );
}
