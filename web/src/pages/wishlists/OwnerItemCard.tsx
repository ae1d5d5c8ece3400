import { Button, Card, Menu, MenuItem, Popover, Tag } from '@blueprintjs/core';
import { useTranslation } from '../../i18n/react';
import type { Item } from '@wishwell/shared/wishlist-types';
import { ClampedText } from '../../ui/ClampedText';
import { ItemFacts } from '../../ui/ItemFacts';
import { ItemThumbnail } from '../../ui/ItemThumbnail';
import { PledgeProgress } from '../share/PledgeProgress';
import { PriceHistory } from './price-history/PriceHistory';
import { isShopLink } from '@wishwell/shared/price-history';
import type { ItemOrderHandleProps } from './use-item-order';

export interface OwnerItemActions {
  onEdit: (item: Item) => void;
  onDelete: (item: Item) => void;
  /** Absent for guest owners, who have no other lists. */
  onMoveCopy?: (item: Item) => void;
  onRelist: (item: Item) => void;
}

/**
 * An item on the owner/editor page; purchases show only when Show Purchased is on. In surprise
 * mode (`surprise`) a group gift still shows its pledge total, never who pledged.
 */
export function OwnerItemCard({ listId, item, currency, showPurchases, surprise, actions, order }: { listId: string; item: Item; currency: string; showPurchases: boolean; surprise: boolean; actions: OwnerItemActions; order: ItemOrderHandleProps }) {
  const { t } = useTranslation();
  const purchaseVisible = showPurchases && (item.quantityPurchased > 0 || item.pledgeCount > 0);
  return (
    <Card className={`ww-item-card${item.isPurchased ? ' ww-item-purchased' : ''}${order.lifted ? ' ww-item-lifted' : ''}`} data-item-id={item._id}>
      <OrderHandle title={item.title} order={order} />
      <ItemThumbnail imageUrl={item.displayImageUrl} />
      <div className="ww-item-main">
        <ItemFacts item={item} currency={currency} revealPurchases={showPurchases} />
        <ClampedText text={item.description} lines={3} className="ww-item-description" more={t('item.more')} less={t('item.less')} />
        {item.notes && <p className="ww-item-notes">{item.notes}</p>}
        {isShopLink(item.url) && <PriceHistory listId={listId} itemId={item._id} currency={item.currency || currency} />}
        {item.isGroupGift && (showPurchases || surprise) && <PledgeProgress item={item} currency={currency} />}
        {purchaseVisible && (
          <div className="ww-item-purchase">
            <Tag round intent="success" className="ww-purchased-chip">
              {t('list.purchasedBy', { name: item.purchasedBy || t('common.anonymous') })}
            </Tag>
            {!item.isPurchased && item.quantityPurchased > 0 && (
              <span className="ww-muted">
                {t('list.bought', { bought: item.quantityPurchased, quantity: item.quantity })}
              </span>
            )}
            <Button size="small" variant="outlined" icon="refresh" text={t('list.relist')} onClick={() => actions.onRelist(item)} />
          </div>
        )}
      </div>
      <Popover
        placement="bottom-end"
        content={
          <Menu>
            <MenuItem icon="shopping-cart" text={t('share.viewProduct')} href={item.url || undefined} target="_blank" rel="noopener noreferrer" disabled={!item.url} />
            <MenuItem icon="edit" text={t('common.edit')} onClick={() => actions.onEdit(item)} />
            <MenuItem icon="trash" intent="danger" text={t('common.delete')} onClick={() => actions.onDelete(item)} />
            {actions.onMoveCopy && <MenuItem icon="duplicate" text={t('list.moveCopy')} onClick={() => actions.onMoveCopy?.(item)} />}
          </Menu>
        }
      >
        <Button variant="minimal" icon="more" className="ww-item-menu" aria-label={t('dashboard.actionsFor', { name: item.title })} />
      </Popover>
    </Card>
  );
}

/** The grip that moves the card: dragged, or Space then the arrow keys (see useItemOrder). */
function OrderHandle({ title, order: { lifted, ...events } }: { title: string; order: ItemOrderHandleProps }) {
  const { t } = useTranslation();
  return <Button variant="minimal" icon="drag-handle-vertical" className="ww-order-handle" aria-label={t('list.reorderHandle', { title })} aria-pressed={lifted} {...events} />;
}
