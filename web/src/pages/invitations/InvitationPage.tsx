import { useTranslation } from '../../i18n/react';
import { useParams } from '../../app/routing';
import { api } from '../../api/client';
import { Sentence } from '../../i18n/Sentence';
import { acceptInvitation } from './accept-invitation';
import { InviteLinkPage } from './InviteLinkPage';

/**
 * /invitations/{token}, the link of an editor invitation mail: says whose list it is, then
 * accepts for the signed-in account, or sends the visitor to sign in or sign up with the token
 * carried along (the sign-in flow accepts it once they are in).
 */
export default function InvitationPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  return (
    <InviteLinkPage
      title={t('invitation.title')}
      load={() => api.get('/invitations/:token', { params: { token } })}
      loadFailed={t('invitation.loadFailed')}
      describe={(preview) => <Sentence i18nKey="invitation.invitedYou" values={{ name: preview.invitedBy }} parts={{ list: <strong>{preview.wishlistName}</strong> }} />}
      acceptText={t('invitation.accept')}
      accept={() => acceptInvitation(token, t('invitation.acceptFailed'))}
      signInFirst={t('invitation.signInFirst')}
      carry={`?invitation=${encodeURIComponent(token)}`}
    />
  );
}
