import { useEffect, useState } from 'react';
import { Button, Spinner } from '@blueprintjs/core';
import { Link, useNavigate, useParams } from 'react-router';
import type { InvitationPreview } from '@wishwell/shared/wishlist-types';
import { api, errorMessage } from '../../api/client';
import { useSession } from '../../session/SessionProvider';
import { AccountCard } from '../account/AccountForm';
import { acceptInvitation } from './accept-invitation';

type Loaded = { preview: InvitationPreview } | { problem: string };

/**
 * /invitations/{token}, the link of an editor invitation mail: says whose list it is, then
 * accepts for the signed-in account, or sends the visitor to sign in or sign up with the token
 * carried along (the sign-in flow accepts it once they are in).
 */
export default function InvitationPage() {
  const { token = '' } = useParams();
  const { loading, user } = useSession();
  const navigate = useNavigate();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    api
      .get<InvitationPreview>(`/invitations/${encodeURIComponent(token)}`)
      .then((preview) => setLoaded({ preview }))
      .catch((error: unknown) => setLoaded({ problem: errorMessage(error, 'Could not load the invitation') }));
  }, [token]);

  const accept = async () => {
    setBusy(true);
    navigate(await acceptInvitation(token));
  };

  if (loading || !loaded) return <Spinner className="ww-page-spinner" />;
  if ('problem' in loaded) {
    return (
      <AccountCard title="Invitation">
        <p className="ww-account-note">{loaded.problem}</p>
        <div className="ww-account-links">
          <Link to="/">Go to the home page</Link>
        </div>
      </AccountCard>
    );
  }
  const { preview } = loaded;
  const carry = `?invitation=${encodeURIComponent(token)}`;
  return (
    <AccountCard title="Invitation">
      <p className="ww-account-note">
        {preview.invitedBy} invited you to help edit the wishlist <strong>{preview.wishlistName}</strong>.
      </p>
      {user ? (
        <Button intent="primary" size="large" fill text="Accept Invitation" loading={busy} onClick={() => void accept()} />
      ) : (
        <>
          <p className="ww-account-note">Sign in or create an account to accept.</p>
          <div className="ww-invitation-actions">
            <Button intent="primary" size="large" text="Sign in to accept" onClick={() => navigate(`/login${carry}`)} />
            <Button size="large" text="Create an account" onClick={() => navigate(`/register${carry}`)} />
          </div>
        </>
      )}
    </AccountCard>
  );
}
