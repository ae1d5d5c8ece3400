import { useTranslation } from '../../i18n/react';
import { useNavigate, useSearchParams } from '../../app/routing';
import type { SessionProfile } from '@wishwell/shared/api-types';
import { useSession } from '../../session/SessionProvider';
import { acceptInvitation } from '../invitations/accept-invitation';
import { joinCircle } from '../circles/join-circle';
import { forgetGuestWishlist } from '../wishlists/guest-wishlists';

/**
 * Login and registration both end here: `claimList` from the URL is sent as claimListId; on
 * success the profile is stored, the claimed id leaves guestWishlists and the user goes to
 * /dashboard, or, with an `invitation` token in the URL, accepts it and goes to the list, or
 * with a `circle` invite link's token, joins the circle and goes to it.
 */
export function useSignInFlow() {
  const { t } = useTranslation();
  const { signIn } = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const claimListId = params.get('claimList') || undefined;
  const invitation = params.get('invitation') || undefined;
  const circle = params.get('circle') || undefined;
  /** An admin's invitation link to register (sign-ups by invitation): only the register form uses it. */
  const signup = params.get('signup') || undefined;
  const complete = async (profile: SessionProfile) => {
    signIn(profile);
    if (claimListId) forgetGuestWishlist(claimListId);
    if (invitation) navigate(await acceptInvitation(invitation, t('invitation.acceptFailed')));
    else navigate(circle ? await joinCircle(circle, t('circles.joinFailed')) : '/dashboard');
  };
  /** The same query string for the link to the other form, so a claim or invitation survives switching. */
  const carried = new URLSearchParams();
  if (claimListId) carried.set('claimList', claimListId);
  if (invitation) carried.set('invitation', invitation);
  if (circle) carried.set('circle', circle);
  if (signup) carried.set('signup', signup);
  const carry = carried.size > 0 ? `?${carried}` : '';
  // A circle's invite link lets its holder register while sign-ups are by invitation, as an editor invitation does.
  return { claimListId, invitation: invitation ?? circle, signup, complete, carry };
}
