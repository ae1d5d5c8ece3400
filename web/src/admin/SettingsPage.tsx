import { useEffect, useState, type ReactNode } from 'react';
import { Button, Card, FormGroup, H4, HTMLSelect, InputGroup, Spinner, Switch } from '@blueprintjs/core';
import { REGISTRATION_MODES, type InstanceSettings, type InstanceSettingsInput, type InstanceSettingsView, type InstanceSettingName } from '@wishwell/shared/instance-settings-types';
import { LANGUAGES, type Language } from '@wishwell/shared/languages';
import { api, errorMessage } from '../api/client';
import { notify } from '../notifications/notify';
import { copyToClipboard } from '../ui/clipboard';
import { useAdminText } from './admin-text';
import { AdminPageHeader } from './AdminPageHeader';
import './admin.css';

/** The form's fields: the settings, and a new SMTP password ('' keeps the saved one). */
type Draft = InstanceSettings & { smtpPassword: string };

/** What the form sends: only settings the environment leaves to the console. */
function inputOf(draft: Draft, fromEnvironment: InstanceSettingsView['fromEnvironment']): InstanceSettingsInput {
  const { smtpPassword, smtp, ...rest } = draft;
  const input: InstanceSettingsInput = { ...rest, smtp: { ...smtp, ...(smtpPassword ? { password: smtpPassword } : {}) } };
  for (const name of Object.keys(fromEnvironment) as InstanceSettingName[]) delete input[name];
  return input;
}

/** /admin/settings: sign-ups, defaults, the mail server and the public address; a setting the environment fixes is shown read-only. */
export function SettingsPage() {
  const t = useAdminText();
  const [view, setView] = useState<InstanceSettingsView | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [busy, setBusy] = useState<'save' | 'test' | null>(null);

  const show = (loaded: InstanceSettingsView) => {
    setView(loaded);
    setDraft({ ...loaded.settings, smtpPassword: '' });
  };
  useEffect(() => {
    api.get('/admin/settings').then(show, (error: unknown) => notify(errorMessage(error, t('settings.loadFailed')), 'error'));
  }, [t]);

  if (!view || !draft) return <Spinner className="ww-page-spinner" />;
  const fixedBy = (name: InstanceSettingName) => view.fromEnvironment[name];
  const change = (fields: Partial<Draft>) => setDraft({ ...draft, ...fields });
  const changeSmtp = (fields: Partial<Draft['smtp']>) => setDraft({ ...draft, smtp: { ...draft.smtp, ...fields } });

  const act = async (which: 'save' | 'test', work: () => Promise<string>) => {
    setBusy(which);
    try {
      notify(await work(), 'success');
    } catch (error) {
      notify(errorMessage(error, t(which === 'save' ? 'settings.saveFailed' : 'settings.testFailed')), 'error');
    } finally {
      setBusy(null);
    }
  };
  const save = () =>
    act('save', async () => {
      show(await api.put('/admin/settings', { body: inputOf(draft, view.fromEnvironment) }));
      return t('settings.saved');
    });
  const sendTestMail = () => act('test', async () => t('settings.testSent', { to: (await api.post('/admin/settings/test-mail', {})).to }));

  return (
    <div className="ww-admin-settings">
      <AdminPageHeader title={t('pages.settings')} />
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <Card className="ww-admin-settings-card">
          <H4>{t('settings.siteTitle')}</H4>
          <Setting id="registration" label={t('settings.registration')} fixedBy={fixedBy('registration')}>
            <HTMLSelect id="registration" value={draft.registration} disabled={Boolean(fixedBy('registration'))} onChange={(e) => change({ registration: e.currentTarget.value as Draft['registration'] })}>
              {REGISTRATION_MODES.map((mode) => (
                <option key={mode} value={mode}>
                  {t(`settings.registrationModes.${mode}`)}
                </option>
              ))}
            </HTMLSelect>
          </Setting>
          {draft.registration === 'invite' && view.settings.registration === 'invite' && <SignupInvitationLink />}
          <Setting id="defaultLanguage" label={t('settings.defaultLanguage')} fixedBy={fixedBy('defaultLanguage')}>
            <HTMLSelect id="defaultLanguage" value={draft.defaultLanguage} disabled={Boolean(fixedBy('defaultLanguage'))} onChange={(e) => change({ defaultLanguage: e.currentTarget.value as Language })}>
              {Object.entries(LANGUAGES).map(([code, name]) => (
                <option key={code} value={code}>
                  {name}
                </option>
              ))}
            </HTMLSelect>
          </Setting>
          <Setting id="defaultCurrency" label={t('settings.defaultCurrency')} fixedBy={fixedBy('defaultCurrency')}>
            <InputGroup id="defaultCurrency" value={draft.defaultCurrency} maxLength={3} disabled={Boolean(fixedBy('defaultCurrency'))} onValueChange={(value) => change({ defaultCurrency: value })} />
          </Setting>
          <Setting id="publicUrl" label={t('settings.publicUrl')} fixedBy={fixedBy('publicUrl')} hint={t('settings.publicUrlHint')}>
            <InputGroup id="publicUrl" type="url" value={draft.publicUrl} placeholder="https://wishes.example.com" disabled={Boolean(fixedBy('publicUrl'))} onValueChange={(value) => change({ publicUrl: value })} />
          </Setting>
        </Card>
        <Card className="ww-admin-settings-card">
          <H4>{t('settings.mailTitle')}</H4>
          <Setting id="smtpHost" label={t('settings.smtpHost')} fixedBy={fixedBy('smtp')} hint={t('settings.smtpHostHint')}>
            <InputGroup id="smtpHost" value={draft.smtp.host} placeholder="smtp.example.com" disabled={Boolean(fixedBy('smtp'))} onValueChange={(host) => changeSmtp({ host })} />
          </Setting>
          <div className="ww-form-row">
            <Setting id="smtpPort" label={t('settings.smtpPort')}>
              <InputGroup id="smtpPort" type="number" min={1} max={65535} value={String(draft.smtp.port)} disabled={Boolean(fixedBy('smtp'))} onValueChange={(port) => changeSmtp({ port: Number(port) })} />
            </Setting>
            <Setting id="smtpTls" label={t('settings.smtpSecurity')}>
              <Switch id="smtpTls" label={t('settings.smtpTls')} checked={draft.smtp.tls} disabled={Boolean(fixedBy('smtp'))} onChange={(e) => changeSmtp({ tls: e.currentTarget.checked })} />
            </Setting>
          </div>
          <div className="ww-form-row">
            <Setting id="smtpUser" label={t('settings.smtpUser')}>
              <InputGroup id="smtpUser" value={draft.smtp.user} autoComplete="off" disabled={Boolean(fixedBy('smtp'))} onValueChange={(user) => changeSmtp({ user })} />
            </Setting>
            <Setting id="smtpPassword" label={t('settings.smtpPassword')}>
              <InputGroup
                id="smtpPassword"
                type="password"
                autoComplete="new-password"
                value={draft.smtpPassword}
                placeholder={view.smtpPasswordSet ? t('settings.smtpPasswordKept') : ''}
                disabled={Boolean(fixedBy('smtp'))}
                onValueChange={(smtpPassword) => change({ smtpPassword })}
              />
            </Setting>
          </div>
          <Setting id="smtpFrom" label={t('settings.smtpFrom')}>
            <InputGroup id="smtpFrom" value={draft.smtp.from} disabled={Boolean(fixedBy('smtp'))} onValueChange={(from) => changeSmtp({ from })} />
          </Setting>
          <Button icon="envelope" text={t('settings.sendTestMail')} loading={busy === 'test'} onClick={() => void sendTestMail()} />
        </Card>
        <Button type="submit" intent="primary" icon="floppy-disk" text={t('settings.save')} loading={busy === 'save'} className="ww-admin-settings-save" />
      </form>
    </div>
  );
}

/** With sign-ups by invitation: a link for one person to register, made on request, to copy and send. */
function SignupInvitationLink() {
  const t = useAdminText();
  const [link, setLink] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const make = async () => {
    setBusy(true);
    try {
      setLink((await api.post('/admin/signup-invitations', {})).link);
    } catch (error) {
      notify(errorMessage(error, t('settings.invitationFailed')), 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <FormGroup label={t('settings.invitationLink')} labelFor="signupLink" helperText={t('settings.invitationHint')}>
      {link ? (
        <InputGroup
          id="signupLink"
          readOnly
          value={link}
          onFocus={(e) => e.currentTarget.select()}
          rightElement={<Button variant="minimal" icon="duplicate" text={t('settings.copy')} onClick={() => void copyToClipboard(link, t('settings.copied'), t('settings.copyFailed'))} />}
        />
      ) : (
        <Button icon="link" text={t('settings.makeInvitation')} loading={busy} onClick={() => void make()} />
      )}
    </FormGroup>
  );
}

/** One setting's label and field; set by the environment, it says so and the field is read-only. */
function Setting({ id, label, fixedBy, hint, children }: { id: string; label: string; fixedBy?: string; hint?: string; children: ReactNode }) {
  const t = useAdminText();
  return (
    <FormGroup label={label} labelFor={id} helperText={fixedBy ? t('settings.fromEnvironment', { variable: fixedBy }) : hint}>
      {children}
    </FormGroup>
  );
}
