import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { Button, NonIdealState, Spinner } from '@blueprintjs/core';
import { useTranslation } from '../../i18n/react';
import type { TFunction } from '../../i18n/i18n';
import { Link, useParams } from '../../app/routing';
import { formatPrice, withoutZeroCents } from '@wishwell/shared/price-format';
import { applyPriceFilter, listCurrencies, sliderMaxFor, sortByPrice } from '@wishwell/shared/price-filter';
import type { SharedItem, SharedWishlist } from '@wishwell/shared/wishlist-types';
import { api, ApiRequestError } from '../../api/client';
import { useBootData } from '../../app/boot-data';
import { usePageTitle } from '../../app/use-page-title';
import { notify } from '../../notifications/notify';
import { CoverBanner } from '../../ui/CoverBanner';
import { FollowBox } from '../follow/FollowBox';
import { Pager, usePage } from '../../ui/Pager';
import { useCloseOnBack } from '../../ui/use-close-on-back';
import { PriceFilter } from './PriceFilter';
import type { PurchaseOutcome } from './PurchaseDialog';
import { SharedItemCard } from './SharedItemCard';
import { forgetClaim, isPledge, keepStanding, rememberedClaims, updateRememberedClaim, type GuestClaim } from '../claims/guest-claims';
import { ReservedNote } from '../claims/ReservedNote';
import '../claims/claims.css';
import './share.css';

// The dialogs (and Blueprint's overlay code) load when a guest first marks or pledges a gift, not with the list.
const PurchaseDialog = lazy(() => import('./guest-claim-dialogs').then((module) => ({ default: module.PurchaseDialog })));
const PledgeDialog = lazy(() => import('./guest-claim-dialogs').then((module) => ({ default: module.PledgeDialog })));
const ClaimDialog = lazy(() => import('../claims/ClaimDialog').then((module) => ({ default: module.ClaimDialog })));

type Load = { state: 'loading' } | { state: 'missing' } | { state: 'failed' } | { state: 'ready'; wishlist: SharedWishlist };

/** The guest view of a shared list (/share/wishlist/{id}); keyed by id so another list starts afresh. */
export default function SharedWishlistPage() {
  const { id = '' } = useParams();
  return <SharedWishlistLoader key={id} id={id} />;
}

/** The tab title: the list's name and whose it is. */
function sharedListTitle(wishlist: SharedWishlist, t: TFunction): string {
  return wishlist.user ? t('share.tabTitle', { list: wishlist.name, name: wishlist.user.name }) : wishlist.name;
}

/** The list a server-rendered page embedded, once: a later visit to the same id loads it afresh. */
function useEmbeddedList(id: string): SharedWishlist | null {
  const boot = useBootData();
  const [embedded] = useState(() => (boot?.sharedList?.id === id ? boot.sharedList.view : null));
  useEffect(() => {
    if (boot?.sharedList?.id === id) delete boot.sharedList;
  }, [boot, id]);
  return embedded;
}

function SharedWishlistLoader({ id }: { id: string }) {
  const embedded = useEmbeddedList(id);
  const [load, setLoad] = useState<Load>(embedded ? { state: 'ready', wishlist: embedded } : { state: 'loading' });
  const { t } = useTranslation();
  usePageTitle(load.state === 'ready' ? sharedListTitle(load.wishlist, t) : load.state === 'missing' ? t('share.notFound') : t('share.pageTitle'));

  const reload = useCallback(async () => {
    try {
      setLoad({ state: 'ready', wishlist: await api.get('/wishlists/share/:id', { params: { id } }) });
    } catch (error) {
      console.error('Could not load the shared wishlist', error);
      // Only a 404 means the list is gone; a server or network failure keeps what is shown, or offers a retry.
      const missing = error instanceof ApiRequestError && error.status === 404;
      setLoad((current) => (missing ? { state: 'missing' } : current.state === 'ready' ? current : { state: 'failed' }));
    }
  }, [id]);
  useEffect(() => {
    if (!embedded) void reload();
  }, [embedded, reload]);

  if (load.state === 'loading') return <Spinner className="ww-page-spinner" />;
  if (load.state === 'missing') {
    return <NonIdealState icon="search" title={t('share.couldNotFind')} action={<Link to="/">{t('share.goHome')}</Link>} />;
  }
  if (load.state === 'failed') {
    const offline = !navigator.onLine;
    return (
      <NonIdealState
        icon="offline"
        title={t(offline ? 'share.offlineTitle' : 'share.loadFailed')}
        description={t(offline ? 'share.offlineText' : 'share.loadFailedText')}
        action={<Button icon="refresh" text={t('share.tryAgain')} onClick={() => void reload()} />}
      />
    );
  }
  return <SharedWishlistView wishlist={load.wishlist} reload={reload} />;
}

function SharedWishlistView({ wishlist, reload }: { wishlist: SharedWishlist; reload: () => Promise<void> }) {
  const { t, i18n } = useTranslation();
  const listCurrency = wishlist.currency;
  const currencies = useMemo(() => listCurrencies(wishlist.items, listCurrency), [wishlist.items, listCurrency]);
  const [chosenCurrency, setCurrency] = useState<string | null>(null);
  const currency = chosenCurrency && currencies.includes(chosenCurrency) ? chosenCurrency : (currencies[0] ?? listCurrency);
  const sliderMax = useMemo(() => sliderMaxFor(wishlist.items, currency, listCurrency), [wishlist.items, currency, listCurrency]);
  // The upper end Infinity (the slider's top) means no upper limit, whatever the top becomes.
  const [low, setLow] = useState(0);
  const [high, setHigh] = useState(Infinity);
  const [sortCheapestFirst, setSortCheapestFirst] = useState(false);
  const [buying, setBuying] = useState<SharedItem | null>(null);
  useCloseOnBack(buying !== null, () => setBuying(null));
  const [pledging, setPledging] = useState<SharedItem | null>(null);
  useCloseOnBack(pledging !== null, () => setPledging(null));
  const { claims, managing, setManaging, refreshClaims } = useGuestClaims(wishlist);
  useCloseOnBack(managing !== null, () => setManaging(null));
  const claimOf = (itemId: string) => claims.find((claim) => claim.itemId === itemId);
  const shownIds = new Set(wishlist.items.map((item) => item._id));
  const reservedElsewhere = claims.filter((claim) => !shownIds.has(claim.itemId));

  const { shown, otherCurrencies } = useMemo(() => {
    const filtered = applyPriceFilter(wishlist.items, { currency, low, high }, listCurrency);
    const order = [currency, ...currencies.filter((code) => code !== currency)];
    return sortCheapestFirst ? { ...filtered, shown: sortByPrice(filtered.shown, order, listCurrency) } : filtered;
  }, [wishlist.items, currency, currencies, low, high, listCurrency, sortCheapestFirst]);
  const { page, pageCount, pageItems, setPage, listRef } = usePage(shown);
  const ownerName = wishlist.user?.name;

  const chooseCurrency = (code: string) => {
    setCurrency(code);
    setLow(0);
    setHigh(Infinity);
  };
  const afterPurchase = (outcome: PurchaseOutcome) => {
    if (outcome === 'bought') notify(t('share.thanks', { name: ownerName ?? t('share.theOwner') }), 'success');
    if (outcome === 'sold-out') notify(t('share.soldOut'), 'warning');
    refreshClaims();
    void reload();
  };
  const noteFor = (itemId: string) => {
    const claim = claimOf(itemId);
    if (!claim) return undefined;
    const item = wishlist.items.find((each) => each._id === itemId);
    const pledged = claim.amount && withoutZeroCents(formatPrice(claim.amount, item?.currency || listCurrency, i18n.language));
    return <ReservedNote pledge={isPledge(claim)} pledged={pledged || undefined} onManage={() => setManaging(claim)} />;
  };

  return (
    <div className={`ww-share-page ww-colors-${wishlist.colorSet}`}>
      <CoverBanner image={wishlist.coverImage} title={ownerName ? t('share.titleOf', { name: ownerName }) : wishlist.name} overline={ownerName ? wishlist.name : undefined} list={wishlist} />
      <FollowBox listId={wishlist._id} />
      {reservedElsewhere.length > 0 && (
        <section className="ww-my-reservations" aria-label={t('share.yourReservations')}>
          <h2>{t('share.yourReservations')}</h2>
          <ul>
            {reservedElsewhere.map((claim) => (
              <li key={claim.token}>
                <strong>{claim.title}</strong>
                {noteFor(claim.itemId)}
              </li>
            ))}
          </ul>
        </section>
      )}
      {wishlist.items.length === 0 ? (
        <NonIdealState
          icon="gift-box"
          title={wishlist.purchasedItemCount > 0 ? t('share.allPurchased') : t('share.empty')}
        />
      ) : (
        <>
          <PriceFilter
            range={[Math.min(low, sliderMax), Math.min(high, sliderMax)]}
            max={sliderMax}
            currency={currency}
            currencies={currencies}
            sortByPrice={sortCheapestFirst}
            onRange={([from, to]) => {
              setLow(from);
              setHigh(to >= sliderMax ? Infinity : to);
            }}
            onCurrency={chooseCurrency}
            onSortByPrice={setSortCheapestFirst}
          />
          {otherCurrencies > 0 && (
            <p className="ww-filter-note" role="status">
              {t('share.otherCurrencies', { count: otherCurrencies })}
            </p>
          )}
          {shown.length === 0 ? (
            <p className="ww-empty-items">{t('share.noneInRange')}</p>
          ) : (
            <div className="ww-item-grid" ref={listRef}>
              {pageItems.map((item) => (
                <SharedItemCard key={item._id} item={item} currency={listCurrency} onPurchase={setBuying} onPledge={setPledging} note={noteFor(item._id)} />
              ))}
            </div>
          )}
          <Pager page={page} pageCount={pageCount} onPage={setPage} />
        </>
      )}
      {buying && (
        <Suspense fallback={null}>
          <PurchaseDialog wishlistId={wishlist._id} item={buying} onClose={() => setBuying(null)} onDone={afterPurchase} />
        </Suspense>
      )}
      {pledging && (
        <Suspense fallback={null}>
          <PledgeDialog
            wishlistId={wishlist._id}
            item={pledging}
            currency={listCurrency}
            onClose={() => setPledging(null)}
            onPledged={() => {
              refreshClaims();
              void reload();
            }}
          />
        </Suspense>
      )}
      {managing && (
        <Suspense fallback={null}>
          <ClaimDialog
            handle={{ token: managing.token }}
            onClose={() => setManaging(null)}
            onSaved={(saved) => {
              updateRememberedClaim(managing.token, saved.quantityPurchased);
              refreshClaims();
              void reload();
            }}
            onGone={() => {
              forgetClaim(managing.token);
              refreshClaims();
              void reload();
            }}
          />
        </Suspense>
      )}
    </div>
  );
}

/**
 * This browser's reservations on the list (local storage exists only in the browser), checked with
 * every load of the list: one undone or re-listed elsewhere goes. Until the check answers (or
 * fails, offline) none is shown, so no stale note flashes by.
 */
function useGuestClaims(wishlist: SharedWishlist) {
  const listId = wishlist._id;
  const [claims, setClaims] = useState<GuestClaim[]>([]);
  const [managing, setManaging] = useState<GuestClaim | null>(null);
  // The same claims keep the same state: no needless render of the whole list as it hydrates.
  const refreshClaims = useCallback(() => {
    const stored = rememberedClaims().filter((claim) => claim.listId === listId);
    setClaims((current) => (JSON.stringify(current) === JSON.stringify(stored) ? current : stored));
  }, [listId]);
  useEffect(() => {
    const asked = rememberedClaims()
      .filter((claim) => claim.listId === wishlist._id)
      .map((claim) => claim.token);
    if (asked.length === 0) return refreshClaims();
    let shown = true;
    api
      .post('/wishlists/share/:id/claims', { params: { id: wishlist._id }, body: { tokens: asked } })
      .then((standing) => keepStanding(asked, standing))
      .catch((error: unknown) => console.warn('Could not check the reservations kept in this browser', error))
      .finally(() => shown && refreshClaims());
    return () => {
      shown = false;
    };
  }, [wishlist, refreshClaims]);
  return { claims, managing, setManaging, refreshClaims };
}
