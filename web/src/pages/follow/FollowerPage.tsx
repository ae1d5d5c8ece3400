import { useEffect, useState } from 'react';
import { Button, NumericInput, Radio, RadioGroup, Spinner } from '@blueprintjs/core';
import type { DigestFrequency, FollowerSettings } from '@wishwell/shared/follower-types';
import { REMINDER_DAYS_MAX } from '@wishwell/shared/follower-types';
import { sharePath } from '@wishwell/shared/wishlist-types';
import { api, errorMessage } from '../../api/client';
import { Link, useParams, useSearchParams } from '../../app/routing';
import { useTranslation } from '../../i18n/react';
import { notify } from '../../notifications/notify';
import { AccountCard } from '../account/AccountForm';
import './follow.css';

type Loaded = { settings: FollowerSettings } | { problem: string } | { unsubscribed: true };

/**
 * /follow/{token}, the link of a follower's mails: confirms (?confirm=1, the opt-in mail's link),
 * chooses how often the digest comes and when the reminder does, or unsubscribes. No account needed.
 */
export default function FollowerPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const [params] = useSearchParams();
  const confirming = params.get('confirm') === '1';
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [frequency, setFrequency] = useState<DigestFrequency>('weekly');
  const [reminderDays, setReminderDays] = useState(7);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const request = confirming ? api.post('/followers/:token/confirm', { params: { token } }) : api.get('/followers/:token', { params: { token } });
    request
      .then((settings) => {
        setLoaded({ settings });
        setFrequency(settings.frequency);
        setReminderDays(settings.reminderDays ?? 0);
      })
      .catch((error: unknown) => setLoaded({ problem: errorMessage(error, t('follow.loadFailed')) }));
  }, [token, confirming, t]);

  const save = async () => {
    setBusy(true);
    try {
      setLoaded({ settings: await api.put('/followers/:token', { params: { token }, body: { frequency, reminderDays } }) });
      notify(t('follow.saved'), 'success');
    } catch (error) {
      notify(errorMessage(error, t('follow.failed')), 'error');
    } finally {
      setBusy(false);
    }
  };
  const unsubscribe = async () => {
    setBusy(true);
    await api.post('/followers/:token/unsubscribe', { params: { token } }).catch(() => {});
    setLoaded({ unsubscribed: true });
    setBusy(false);
  };

  if (!loaded) return <Spinner className="ww-page-spinner" />;
  if (!('settings' in loaded)) {
    return (
      <AccountCard title={t('follow.manageTitle')}>
        <p className="ww-account-note" role="status">{'problem' in loaded ? loaded.problem : t('follow.unsubscribed')}</p>
        <div className="ww-account-links">
          <Link to="/">{t('share.goHome')}</Link>
        </div>
      </AccountCard>
    );
  }
  const { settings } = loaded;
  return (
    <AccountCard title={t('follow.manageTitle')}>
      <p className="ww-account-note" role="status">
        {settings.confirmed ? t('follow.youFollow', { list: settings.wishlistName, email: settings.email }) : t('follow.notConfirmed', { list: settings.wishlistName })}
      </p>
      <RadioGroup label={t('follow.frequency')} selectedValue={frequency} onChange={(event) => setFrequency(event.currentTarget.value as DigestFrequency)}>
        <Radio value="daily" label={t('follow.daily')} />
        <Radio value="weekly" label={t('follow.weekly')} />
      </RadioGroup>
      <label className="ww-follow-reminder">
        {t('follow.reminder')}
        <NumericInput min={0} max={REMINDER_DAYS_MAX} value={reminderDays} onValueChange={(value) => setReminderDays(Number.isFinite(value) ? value : 0)} />
      </label>
      <p className="ww-account-note">{t('follow.reminderHelp')}</p>
      <div className="ww-follow-actions">
        <Button intent="primary" text={t('follow.save')} loading={busy} onClick={() => void save()} />
        <Button intent="danger" variant="outlined" text={t('follow.unsubscribe')} disabled={busy} onClick={() => void unsubscribe()} />
      </div>
      <div className="ww-account-links">
        <Link to={sharePath(settings.wishlistId)}>{t('follow.openList')}</Link>
      </div>
    </AccountCard>
  );
}

