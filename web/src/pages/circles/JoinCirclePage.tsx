import { useEffect, useState } from 'react';
import { Button, Spinner } from '@blueprintjs/core';
import type { CircleInvitePreview } from '@wishwell/shared/circle-types';
import { api, errorMessage } from '../../api/client';
import { Link, useNavigate, useParams } from '../../app/routing';
import { useTranslation } from '../../i18n/react';
import { Sentence } from '../../i18n/Sentence';
import { useSession } from '../../session/SessionProvider';
import { AccountCard } from '../account/AccountForm';
import { joinCircle } from './join-circle';

type Loaded = { preview: CircleInvitePreview } | { problem: string };

/**
 * /circles/join/{token}, a circle's invite link: names the circle, then joins for the signed-in
 * account, or sends the visitor to sign in or register with the link carried along (the sign-in
 * flow joins once they are in), as an editor invitation's page does.
 */
export default function JoinCirclePage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const { loading, user } = useSession();
  const navigate = useNavigate();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    api
      .get('/circles/join/:token', { params: { token } })
      .then((preview) => setLoaded({ preview }))
      .catch((error: unknown) => setLoaded({ problem: errorMessage(error, t('circles.loadFailed')) }));
  }, [token, t]);

  const join = async () => {
    setBusy(true);
    navigate(await joinCircle(token, t('circles.joinFailed')));
  };

  if (loading || !loaded) return <Spinner className="ww-page-spinner" />;
  if ('problem' in loaded) {
    return (
      <AccountCard title={t('circles.joinTitle')}>
        <p className="ww-account-note">{loaded.problem}</p>
        <div className="ww-account-links">
          <Link to="/">{t('share.goHome')}</Link>
        </div>
      </AccountCard>
    );
  }
  const { preview } = loaded;
  const carry = `?circle=${encodeURIComponent(token)}`;
  return (
    <AccountCard title={t('circles.joinTitle')}>
      <p className="ww-account-note">
        <Sentence i18nKey="circles.invitedYou" values={{ name: preview.createdBy, count: preview.memberCount }} parts={{ circle: <strong>{preview.name}</strong> }} />
      </p>
      {user ? (
        <Button intent="primary" size="large" fill text={t('circles.joinButton')} loading={busy} onClick={() => void join()} />
      ) : (
        <>
          <p className="ww-account-note">{t('circles.signInFirst')}</p>
          <div className="ww-invitation-actions">
            <Button intent="primary" size="large" text={t('invitation.signInToAccept')} onClick={() => navigate(`/login${carry}`)} />
            <Button size="large" text={t('account.createLink')} onClick={() => navigate(`/register${carry}`)} />
          </div>
        </>
      )}
    </AccountCard>
  );
}
