import { api } from '../../api/client';
import { useParams } from '../../app/routing';
import { useTranslation } from '../../i18n/react';
import { Sentence } from '../../i18n/Sentence';
import { InviteLinkPage } from '../invitations/InviteLinkPage';
import { joinCircle } from './join-circle';

/**
 * /circles/join/{token}, a circle's invite link: names the circle, then joins for the signed-in
 * account, or sends the visitor to sign in or register with the link carried along (the sign-in
 * flow joins once they are in), as an editor invitation's page does.
 */
export default function JoinCirclePage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  return (
    <InviteLinkPage
      title={t('circles.joinTitle')}
      load={() => api.get('/circles/join/:token', { params: { token } })}
      loadFailed={t('circles.loadFailed')}
      describe={(preview) => (
        <Sentence i18nKey="circles.invitedYou" values={{ name: preview.createdBy, count: preview.memberCount }} parts={{ circle: <strong>{preview.name}</strong> }} />
      )}
      acceptText={t('circles.joinButton')}
      accept={() => joinCircle(token, t('circles.joinFailed'))}
      signInFirst={t('circles.signInFirst')}
      carry={`?circle=${encodeURIComponent(token)}`}
    />
  );
}
