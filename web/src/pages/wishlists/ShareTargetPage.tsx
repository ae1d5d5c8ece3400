import { useEffect } from 'react';
import { Spinner } from '@blueprintjs/core';
import { useTranslation } from '../../i18n/react';
import { useNavigate, useSearchParams } from '../../app/routing';
import { ownerPath, type WishlistSummary } from '@wishwell/shared/wishlist-types';
import { api } from '../../api/client';
import { useSession } from '../../session/SessionProvider';
import { createGuestWishlist, rememberedGuestWishlists } from './guest-wishlists';

/** The product link a share sheet sent (the web app manifest's share_target): its url, else the first link in its text. */
export function sharedProductLink(params: URLSearchParams): string | null {
  const direct = params.get('url')?.trim();
  if (direct && /^https?:\/\//i.test(direct)) return direct;
  const inText = `${params.get('text') ?? ''} ${params.get('title') ?? ''}`.match(/https?:\/\/\S+/i);
  return inText ? inText[0] : null;
}

/**
 * /share-target: a link shared from a phone's share sheet opens the user's latest list (a guest's
 * list kept in this browser, or a new guest list) with the link being read into the add form.
 */
export default function ShareTargetPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { loading, user } = useSession();
  const navigate = useNavigate();
  const link = sharedProductLink(params);

  useEffect(() => {
    if (loading) return;
    if (!link) {
      void navigate('/', { replace: true });
      return;
    }
    const query = `?add=${encodeURIComponent(link)}`;
    void latestListId(user !== null).then(async (id) => {
      if (id) await navigate(ownerPath(id) + query, { replace: true });
      else await createGuestWishlist(t('list.newName'), query);
    });
  }, [loading, user, link, navigate, t]);

  return <Spinner className="ww-page-spinner" aria-label={t('shareTarget.opening')} />;
}

async function latestListId(signedIn: boolean): Promise<string | null> {
  if (!signedIn) return rememberedGuestWishlists().at(-1) ?? null;
  const lists = await api.get('/wishlists').catch((): WishlistSummary[] => []);
  return lists[0]?._id ?? null; // the dashboard's first: the newest
}
