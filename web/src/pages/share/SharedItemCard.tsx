import { AnchorButton, Button, Card, Tag } from '@blueprintjs/core';
import { formatPrice, priceValue } from '@wishwell/shared/price-format';
import type { SharedItem } from '@wishwell/shared/wishlist-types';
import { ItemThumbnail } from '../../ui/ItemThumbnail';
import { remainingOf } from './PurchaseDialog';

/** An item on the guest view with its shop link and the Mark as Purchased button. */
export function SharedItemCard({ item, currency, onPurchase }: { item: SharedItem; currency: string; onPurchase: (item: SharedItem) => void }) {
  // Guests see a price only when there is one ('Price not found' is the owner's business).
  const price = priceValue(item.price) === null ? '' : formatPrice(item.price, item.currency || currency);
  const remaining = remainingOf(item);
  return (
    <Card className="ww-item-card">
      <ItemThumbnail imageUrl={item.imageUrl} />
      <div className="ww-item-main">
        <h3 className="ww-item-title">{item.title}</h3>
        <div className="ww-item-meta">
          {price && <span className="ww-item-price">{price}</span>}
          {item.quantity > 1 && <span>{remaining} of {item.quantity} still wanted</span>}
          {item.priority === 'High' && <Tag minimal intent="danger">High priority</Tag>}
          {item.isGroupGift && <Tag minimal icon="people">Group gift</Tag>}
        </div>
        {item.notes && <p className="ww-item-notes">{item.notes}</p>}
        <div className="ww-item-actions">
          {item.url && <AnchorButton size="small" variant="outlined" icon="shopping-cart" text="View Product" href={item.url} target="_blank" rel="noopener noreferrer" />}
          {item.isGroupGift && item.giftCardUrl && (
            <AnchorButton size="small" variant="outlined" icon="gift-box" text="Buy a Gift Card" href={item.giftCardUrl} target="_blank" rel="noopener noreferrer" />
          )}
          <Button size="small" intent="success" icon="tick" text="Mark as Purchased" onClick={() => onPurchase(item)} />
        </div>
      </div>
    </Card>
  );
}
