import { useEffect, useState, type ReactNode } from 'react';
import { Button, Spinner } from '@blueprintjs/core';
import { errorMessage } from '../../api/client';
import { Link, useNavigate } from '../../app/routing';
import { useTranslation } from '../../i18n/react';
import { useSession } from '../../session/SessionProvider';
import { AccountCard } from '../account/AccountForm';

/** What an invite link's page says and does: an editor invitation's, a circle's. */
interface InviteLink<Preview> {
  title: string;
  /** Reads what the link invites to (the API's preview); its refusal is shown as the page's text. */
  load: () => Promise<Preview>;
  loadFailed: string;
  /** Who invites to what, once loaded. */
  describe: (preview: Preview) => ReactNode;
  acceptText: string;
  /** Accepts for the signed-in account; answers where to go next. */
  accept: () => Promise<string>;
  signInFirst: string;
  /** The query that carries the link through sign-in or registration (`?circle=…`), which accepts it once the visitor is in. */
  carry: string;
}

type Loaded<Preview> = { preview: Preview } | { problem: string };

/**
 * An invite link's page: names what it invites to, then accepts for the signed-in account, or
 * sends the visitor to sign in or register with the link carried along.
 */
export function InviteLinkPage<Preview>({ title, load, loadFailed, describe, acceptText, accept, signInFirst, carry }: InviteLink<Preview>) {
  const { t } = useTranslation();
  const { loading, user } = useSession();
  const navigate = useNavigate();
  const [loaded, setLoaded] = useState<Loaded<Preview> | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    load()
      .then((preview) => setLoaded({ preview }))
      .catch((error: unknown) => setLoaded({ problem: errorMessage(error, loadFailed) }));
    // Once per link (`carry` holds its token): `load` and the texts are new on every render.
  }, [carry]);

  const onAccept = async () => {
    setBusy(true);
    navigate(await accept());
  };

  if (loading || !loaded) return <Spinner className="ww-page-spinner" />;
  if ('problem' in loaded) {
    return (
      <AccountCard title={title}>
        <p className="ww-account-note">{loaded.problem}</p>
        <div className="ww-account-links">
          <Link to="/">{t('share.goHome')}</Link>
        </div>
      </AccountCard>
    );
  }
  return (
    <AccountCard title={title}>
      <p className="ww-account-note">{describe(loaded.preview)}</p>
      {user ? (
        <Button intent="primary" size="large" fill text={acceptText} loading={busy} onClick={() => void onAccept()} />
      ) : (
        <>
          <p className="ww-account-note">{signInFirst}</p>
          <div className="ww-invitation-actions">
            <Button intent="primary" size="large" text={t('invitation.signInToAccept')} onClick={() => navigate(`/login${carry}`)} />
            <Button size="large" text={t('account.createLink')} onClick={() => navigate(`/register${carry}`)} />
          </div>
        </>
      )}
    </AccountCard>
  );
}
