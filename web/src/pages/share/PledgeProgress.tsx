import { toMinorUnits } from '@wishwell/shared/money';
import { useTranslation } from '../../i18n/react';
import { formatPrice, withoutZeroCents } from '@wishwell/shared/price-format';
import type { SharedItem } from '@wishwell/shared/wishlist-types';
import './pledge.css';

/** A group gift's 'pledged £120 of £300 by 4 people' (before any pledge: what is needed) and its progress bar; nothing for gifts without a price. */
export function PledgeProgress({ item, currency }: { item: SharedItem; currency: string }) {
  const { t, i18n } = useTranslation();
  const priceMinor = toMinorUnits(item.price);
  if (!priceMinor) return null;
  const pledgedMinor = toMinorUnits(item.pledgedTotal) ?? 0;
  const percent = Math.min(100, Math.round((pledgedMinor / priceMinor) * 100));
  const code = item.currency || currency;
  // '£120' rather than '£120.00' in the progress line.
  const money = (amount: string) => withoutZeroCents(formatPrice(amount, code, i18n.language));
  // 'pledged £0 of £300 by 0 people' says nothing: the first pledge is still to come.
  const label =
    item.pledgeCount === 0
      ? t('pledge.nobodyYet', { price: money(item.price) })
      : t('pledge.progress', { pledged: money(item.pledgedTotal), price: money(item.price), count: item.pledgeCount });
  return (
    <div className="ww-pledge-progress">
      <p>{label}</p>
      <div className="ww-pledge-bar" role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
        <div style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
