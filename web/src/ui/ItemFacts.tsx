import { useState } from 'react';
import { Tag, type Intent } from '@blueprintjs/core';
import { useTranslation } from '../i18n/react';
import type { ItemPriority } from '@wishwell/shared/constants';
import { formatPrice, priceValue, withoutZeroCents } from '@wishwell/shared/price-format';
import { PRICE_NOT_FOUND } from '@wishwell/shared/price-input';

const PRIORITY_INTENTS: Record<ItemPriority, Intent> = { Low: 'none', Medium: 'none', High: 'danger' };

interface Props {
  item: {
    title: string;
    price: string;
    currency: string;
    quantity: number;
    quantityPurchased: number;
    priority: ItemPriority;
    isGroupGift: boolean;
    /** The price watch: 'gone' when the shop no longer sells it. */
    availability?: string;
    /** The price before a drop the price watch saw (owners and editors only). */
    wasPrice?: string;
  };
  /** The list's currency, for items saved without one. */
  currency: string;
  /** Guests see only real prices ('Price not found' is the owner's business). */
  onlyRealPrices?: boolean;
  /** Whether purchases may show in the count; the owner sees them only with Show Purchased on (the surprise). */
  revealPurchases?: boolean;
}

/** The price as the reader reads it: the scraper's stored 'Price not found' in their language, nothing for guests. */
function priceText(price: string, currency: string, onlyRealPrices: boolean, language: string, notFound: () => string): string {
  if (onlyRealPrices && priceValue(price) === null) return '';
  if (price.trim() === PRICE_NOT_FOUND) return notFound();
  return formatPrice(price, currency, language);
}

/** An item's title, then its price with 'n of m still wanted' under it (on every card alike), then priority and group gift. */
export function ItemFacts({ item, currency, onlyRealPrices = false, revealPurchases = true }: Props) {
  const { t, i18n } = useTranslation();
  const price = priceText(item.price, item.currency || currency, onlyRealPrices, i18n.language, () => t('item.priceNotFound'));
  const remaining = Math.max(0, item.quantity - item.quantityPurchased);
  const [titleOpen, setTitleOpen] = useState(false);
  return (
    <>
      <h2 className={titleOpen ? 'ww-item-title ww-item-title-open' : 'ww-item-title'} title={item.title} onClick={() => setTitleOpen(!titleOpen)}>
        {item.title}
      </h2>
      <div className="ww-item-figures">
        <span className={priceValue(item.price) === null ? 'ww-item-price ww-item-price-missing' : 'ww-item-price'}>{price}</span>
        {item.quantity > 1 && <span className="ww-item-wanted">{revealPurchases ? t('item.stillWanted', { remaining, quantity: item.quantity }) : t('item.wanted', { count: item.quantity })}</span>}
      </div>
      <div className="ww-item-tags">
        <Tag minimal round intent={PRIORITY_INTENTS[item.priority]}>
          {t(`item.priority_${item.priority}`)}
        </Tag>
        {item.isGroupGift && (
          <Tag minimal round icon="people">
            {t('item.groupGift')}
          </Tag>
        )}
        {item.wasPrice && (
          <Tag minimal round intent="success" icon="trending-down" className="ww-price-dropped">
            {t('item.priceDropped', { was: withoutZeroCents(formatPrice(item.wasPrice, item.currency || currency, i18n.language)), now: withoutZeroCents(price) })}
          </Tag>
        )}
        {item.availability === 'gone' && (
          <Tag minimal round intent="warning" className="ww-no-longer-sold">
            {t('item.noLongerSold')}
          </Tag>
        )}
      </div>
    </>
  );
}
