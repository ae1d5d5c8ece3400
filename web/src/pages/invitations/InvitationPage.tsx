import { useEffect, useState } from 'react';
import { Button, Spinner } from '@blueprintjs/core';
import { useTranslation } from '../../i18n/react';
import { Link, useNavigate, useParams } from '../../app/routing';
import type { InvitationPreview } from '@wishwell/shared/wishlist-types';
import { api, errorMessage } from '../../api/client';
import { useSession } from '../../session/SessionProvider';
import { Sentence } from '../../i18n/Sentence';
import { AccountCard } from '../account/AccountForm';
import { acceptInvitation } from './accept-invitation';

type Loaded = { preview: InvitationPreview } | { problem: string };

/**
 * /invitations/{token}, the link of an editor invitation mail: says whose list it is, then
 * accepts for the signed-in account, or sends the visitor to sign in or sign up with the token
 * carried along (the sign-in flow accepts it once they are in).
 */
export default function InvitationPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const { loading, user } = useSession();
  const navigate = useNavigate();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    api
      .get('/invitations/:token', { params: { token } })
      .then((preview) => setLoaded({ preview }))
      .catch((error: unknown) => setLoaded({ problem: errorMessage(error, t('invitation.loadFailed')) }));
  }, [token, t]);

  const accept = async () => {
    setBusy(true);
    navigate(await acceptInvitation(token, t('invitation.acceptFailed')));
  };

  if (loading || !loaded) return <Spinner className="ww-page-spinner" />;
  if ('problem' in loaded) {
    return (
      <AccountCard title={t('invitation.title')}>
        <p className="ww-account-note">{loaded.problem}</p>
        <div className="ww-account-links">
          <Link to="/">{t('share.goHome')}</Link>
        </div>
      </AccountCard>
    );
  }
  const { preview } = loaded;
  const carry = `?invitation=${encodeURIComponent(token)}`;
  return (
    <AccountCard title={t('invitation.title')}>
      <p className="ww-account-note">
        <Sentence i18nKey="invitation.invitedYou" values={{ name: preview.invitedBy }} parts={{ list: <strong>{preview.wishlistName}</strong> }} />
      </p>
      {user ? (
        <Button intent="primary" size="large" fill text={t('invitation.accept')} loading={busy} onClick={() => void accept()} />
      ) : (
        <>
          <p className="ww-account-note">{t('invitation.signInFirst')}</p>
          <div className="ww-invitation-actions">
            <Button intent="primary" size="large" text={t('invitation.signInToAccept')} onClick={() => navigate(`/login${carry}`)} />
            <Button size="large" text={t('account.createLink')} onClick={() => navigate(`/register${carry}`)} />
          </div>
        </>
      )}
    </AccountCard>
  );
}
