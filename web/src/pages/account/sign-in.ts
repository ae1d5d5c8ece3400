import { useTranslation } from '../../i18n/react';
import { useNavigate, useSearchParams } from '../../app/routing';
import type { SessionProfile } from '@wishwell/shared/api-types';
import { useSession } from '../../session/SessionProvider';
import { acceptInvitation } from '../invitations/accept-invitation';
import { forgetGuestWishlist } from '../wishlists/guest-wishlists';

/**
 * Login and registration both end here: `claimList` from the URL is sent as claimListId; on
 * success the profile is stored, the claimed id leaves guestWishlists and the user goes to
 * /dashboard, or, with an `invitation` token in the URL, accepts it and goes to the list.
 */
export function useSignInFlow() {
  const { t } = useTranslation();
  const { signIn } = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const claimListId = params.get('claimList') || undefined;
  const invitation = params.get('invitation') || undefined;
  /** An admin's invitation link to register (sign-ups by invitation): only the register form uses it. */
  const signup = params.get('signup') || undefined;
  const complete = async (profile: SessionProfile) => {
    signIn(profile);
    if (claimListId) forgetGuestWishlist(claimListId);
    navigate(invitation ? await acceptInvitation(invitation, t('invitation.acceptFailed')) : '/dashboard');
  };
  /** The same query string for the link to the other form, so a claim or invitation survives switching. */
  const carried = new URLSearchParams();
  if (claimListId) carried.set('claimList', claimListId);
  if (invitation) carried.set('invitation', invitation);
  if (signup) carried.set('signup', signup);
  const carry = carried.size > 0 ? `?${carried}` : '';
  return { claimListId, invitation, signup, complete, carry };
}
