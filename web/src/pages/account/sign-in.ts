import { useNavigate, useSearchParams } from 'react-router-dom';
import type { SessionProfile } from '@wishwell/shared/api-types';
import { useSession } from '../../session/SessionProvider';
import { forgetGuestWishlist } from '../wishlists/guest-wishlists';

/**
 * Login and registration both end here: `claimList` from the URL is sent as claimListId; on
 * success the profile is stored, the claimed id leaves guestWishlists and the user goes to /dashboard.
 */
export function useSignInFlow() {
  const { signIn } = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const claimListId = params.get('claimList') || undefined;
  const complete = (profile: SessionProfile) => {
    signIn(profile);
    if (claimListId) forgetGuestWishlist(claimListId);
    navigate('/dashboard');
  };
  /** The same query string for the link to the other form, so a claim survives switching. */
  const carry = claimListId ? `?claimList=${encodeURIComponent(claimListId)}` : '';
  return { claimListId, complete, carry };
}
