import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button, InputGroup } from '@blueprintjs/core';
import { api, errorMessage } from '../../api/client';
import { useCanSendMail } from '../../api/server-features';
import { useTranslation } from '../../i18n/react';
import { notify } from '../../notifications/notify';
import { useSession } from '../../session/SessionProvider';
import { EARLY_TAP_ATTRIBUTE } from '../../app/early-taps';
import { useEarlyTap } from '../../app/use-early-tap';
import './follow.css';

/** Both Follow buttons: a tap before hydration is held for whichever of them the session shows. */
const FOLLOW_TAP = { [EARLY_TAP_ATTRIBUTE]: 'follow' };

/**
 * On a share page: follow the list. A signed-in account follows (and unfollows) in one click; a
 * visitor gives an address and confirms through the mailed link (not offered when this server
 * sends no mail: nothing would arrive). The server renders the visitor's form (it does not know
 * who is signed in).
 */
export function FollowBox({ listId }: { listId: string }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const canSendMail = useCanSendMail();
  if (!user && canSendMail === false) return null;
  return (
    <section className="ww-follow-box" aria-label={t('follow.title')}>
      <p className="ww-follow-note">{t('follow.note')}</p>
      {user ? <AccountFollowButton listId={listId} /> : <FollowByEmail listId={listId} />}
    </section>
  );
}

function AccountFollowButton({ listId }: { listId: string }) {
  const { t } = useTranslation();
  const [following, setFollowing] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    api
      .get('/follows/:id', { params: { id: listId } })
      .then((state) => setFollowing(state.following))
      .catch(() => setFollowing(false));
  }, [listId]);

  const toggle = async () => {
    setBusy(true);
    try {
      const state = following ? await api.delete('/follows/:id', { params: { id: listId } }) : await api.put('/follows/:id', { params: { id: listId }, body: {} });
      setFollowing(state.following);
    } catch (error) {
      notify(errorMessage(error, t('follow.failed')), 'error');
    } finally {
      setBusy(false);
    }
  };

  // An early tap on Follow follows (it never unfollows one already following).
  useEarlyTap('follow', following !== null && !busy, () => {
    if (!following) void toggle();
  });

  return (
    <Button
      {...FOLLOW_TAP}
      icon={following ? 'tick' : 'notifications'}
      intent={following ? 'success' : 'primary'}
      text={following ? t('follow.following') : t('follow.follow')}
      loading={busy || following === null}
      onClick={() => void toggle()}
      aria-pressed={following ?? false}
    />
  );
}

function FollowByEmail({ listId }: { listId: string }) {
  const { t } = useTranslation();
  const { loading } = useSession();
  const form = useRef<HTMLFormElement>(null);
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  // The field is read when the form is sent, not held in state: an address typed before the page
  // hydrated would be emptied by a controlled field's first render.
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get('email') ?? '');
    setBusy(true);
    try {
      await api.post('/wishlists/share/:id/followers', { params: { id: listId }, body: { email } });
      setSentTo(email);
    } catch (error) {
      notify(errorMessage(error, t('follow.failed')), 'error');
    } finally {
      setBusy(false);
    }
  };

  useEarlyTap('follow', !loading, () => form.current?.requestSubmit());

  if (sentTo !== null) return <p role="status" className="ww-follow-sent">{t('follow.checkInbox', { email: sentTo })}</p>;
  return (
    <form ref={form} className="ww-follow-form" onSubmit={(event) => void submit(event)}>
      <InputGroup type="email" name="email" required leftIcon="envelope" placeholder={t('common.emailPlaceholder')} aria-label={t('follow.email')} />
      <Button {...FOLLOW_TAP} type="submit" intent="primary" text={t('follow.follow')} loading={busy} />
    </form>
  );
}
