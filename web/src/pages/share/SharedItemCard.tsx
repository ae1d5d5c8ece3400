import type { ReactNode } from 'react';
import { AnchorButton, Button, Card } from '@blueprintjs/core';
import { useTranslation } from '../../i18n/react';
import { toMinorUnits } from '@wishwell/shared/money';
import type { SharedItem } from '@wishwell/shared/wishlist-types';
import { ClampedText } from '../../ui/ClampedText';
import { ItemFacts } from '../../ui/ItemFacts';
import { ItemThumbnail } from '../../ui/ItemThumbnail';
import { PledgeProgress } from './PledgeProgress';

interface Props {
  item: SharedItem;
  currency: string;
  onPurchase: (item: SharedItem) => void;
  /** Group gifts with a price: pledge an amount towards it. */
  onPledge: (item: SharedItem) => void;
  /** Shown above the actions, e.g. the guest's own reservation of this item. */
  note?: ReactNode;
}

/** An item on the guest view: picture, facts, notes, and the actions together at the bottom. */
export function SharedItemCard({ item, currency, onPurchase, onPledge, note }: Props) {
  const { t } = useTranslation();
  const takesPledges = item.isGroupGift && (toMinorUnits(item.price) ?? 0) > 0;
  // Once guests pledge towards a group gift, it is paid for by pledges (the server refuses a purchase).
  const pledgedFor = takesPledges && item.pledgeCount > 0;
  return (
    <Card className="ww-item-card">
      <ItemThumbnail imageUrl={item.displayImageUrl} />
      <div className="ww-item-main">
        <ItemFacts item={item} currency={currency} onlyRealPrices />
        <ClampedText text={item.description} lines={3} className="ww-item-description" more={t('item.more')} less={t('item.less')} />
        {item.notes && <p className="ww-item-notes">{item.notes}</p>}
        {takesPledges && <PledgeProgress item={item} currency={currency} />}
        {note}
        <div className="ww-item-actions">
          {!pledgedFor && <Button intent="primary" icon="tick" text={t('share.markPurchased')} onClick={() => onPurchase(item)} />}
          {takesPledges && <Button variant="outlined" icon="people" text={t('share.pledge')} onClick={() => onPledge(item)} />}
          {item.url && <AnchorButton variant="outlined" icon="shopping-cart" text={t('share.viewProduct')} href={item.url} target="_blank" rel="noopener noreferrer" />}
          {item.isGroupGift && item.giftCardUrl && (
            <AnchorButton variant="outlined" icon="gift-box" text={t('share.giftCard')} href={item.giftCardUrl} target="_blank" rel="noopener noreferrer" />
          )}
        </div>
      </div>
    </Card>
  );
}
