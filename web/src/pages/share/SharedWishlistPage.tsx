import { useCallback, useEffect, useMemo, useState } from 'react';
import { NonIdealState, Spinner, type NumberRange } from '@blueprintjs/core';
import { useParams } from 'react-router-dom';
import { DEFAULT_CURRENCY, priceInRange, priceSliderMax, priceValue } from '@wishwell/shared/price-format';
import type { SharedItem, SharedWishlist } from '@wishwell/shared/wishlist-types';
import { api } from '../../api/client';
import { CoverBanner } from '../../ui/CoverBanner';
import { Pager, usePage } from '../../ui/Pager';
import { PriceFilter } from './PriceFilter';
import { PurchaseDialog } from './PurchaseDialog';
import { SharedItemCard } from './SharedItemCard';
import './share.css';

type Load = { state: 'loading' } | { state: 'missing' } | { state: 'ready'; wishlist: SharedWishlist };

/** The guest view of a shared list (/share/wishlist/{id}); keyed by id so another list starts afresh. */
export default function SharedWishlistPage() {
  const { id = '' } = useParams();
  return <SharedWishlistLoader key={id} id={id} />;
}

function SharedWishlistLoader({ id }: { id: string }) {
  const [load, setLoad] = useState<Load>({ state: 'loading' });

  const reload = useCallback(async () => {
    try {
      setLoad({ state: 'ready', wishlist: await api.get<SharedWishlist>(`/wishlists/share/${id}`) });
    } catch (error) {
      console.error('Could not load the shared wishlist', error);
      setLoad({ state: 'missing' });
    }
  }, [id]);
  useEffect(() => void reload(), [reload]);

  if (load.state === 'loading') return <Spinner className="ww-page-spinner" />;
  if (load.state === 'missing') return <NonIdealState icon="search" title="Could not find this wishlist." />;
  return <SharedWishlistView wishlist={load.wishlist} reload={() => void reload()} />;
}

const byPrice = (a: SharedItem, b: SharedItem) => (priceValue(a.price) ?? Infinity) - (priceValue(b.price) ?? Infinity);

function SharedWishlistView({ wishlist, reload }: { wishlist: SharedWishlist; reload: () => void }) {
  const sliderMax = useMemo(() => priceSliderMax(wishlist.items.map((item) => item.price)), [wishlist.items]);
  // The chosen range; an upper end of Infinity (the slider's top) means no upper limit, whatever the top becomes.
  const [range, setRange] = useState<NumberRange>([0, Infinity]);
  const [sortByPrice, setSortByPrice] = useState(false);
  const [buying, setBuying] = useState<SharedItem | null>(null);
  const currency = wishlist.user?.currency || DEFAULT_CURRENCY;

  const shownItems = useMemo(() => {
    const inRange = wishlist.items.filter((item) => priceInRange(item.price, range[0], range[1], sliderMax));
    return sortByPrice ? [...inRange].sort(byPrice) : inRange;
  }, [wishlist.items, range, sliderMax, sortByPrice]);
  const { page, pageCount, pageItems, setPage } = usePage(shownItems);
  const title = wishlist.user ? `${wishlist.user.name}'s Wishlist` : wishlist.name;

  return (
    <div className={`ww-share-page ww-colors-${wishlist.colorSet}`}>
      <CoverBanner image={wishlist.coverImage} title={title} overline={wishlist.user ? wishlist.name : undefined} list={wishlist} />
      {wishlist.items.length === 0 ? (
        <NonIdealState icon="gift-box" title="Everything on this list has been purchased!" />
      ) : (
        <>
          <PriceFilter
            range={[Math.min(range[0], sliderMax), Math.min(range[1], sliderMax)]}
            max={sliderMax}
            currency={currency}
            sortByPrice={sortByPrice}
            onRange={([low, high]) => setRange([low, high >= sliderMax ? Infinity : high])}
            onSortByPrice={setSortByPrice}
          />
          {shownItems.length === 0 ? (
            <p className="ww-empty-items">No items in this price range.</p>
          ) : (
            <div className="ww-item-list">
              {pageItems.map((item) => (
                <SharedItemCard key={item._id} item={item} currency={currency} onPurchase={setBuying} />
              ))}
            </div>
          )}
          <Pager page={page} pageCount={pageCount} onPage={setPage} />
        </>
      )}
      {buying && <PurchaseDialog wishlistId={wishlist._id} item={buying} onClose={() => setBuying(null)} onDone={reload} />}
    </div>
  );
}

