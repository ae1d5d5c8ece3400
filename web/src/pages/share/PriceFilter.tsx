import { HTMLSelect, RangeSlider, Switch, type NumberRange } from '@blueprintjs/core';
import { useTranslation } from '../../i18n/react';
import { formatPrice, withoutZeroCents } from '@wishwell/shared/price-format';

interface Props {
  range: NumberRange;
  max: number;
  /** The currency the slider works in, and the list's priced currencies (a switch when several). */
  currency: string;
  currencies: readonly string[];
  sortByPrice: boolean;
  onRange: (range: NumberRange) => void;
  onCurrency: (currency: string) => void;
  onSortByPrice: (sort: boolean) => void;
}

/** The guest view's price range in one currency (top end = no upper limit) and sort-by-price toggle. */
export function PriceFilter({ range, max, currency, currencies, sortByPrice, onRange, onCurrency, onSortByPrice }: Props) {
  const { t, i18n } = useTranslation();
  const label = (value: number) => withoutZeroCents(formatPrice(String(value), currency, i18n.language)) + (value >= max ? '+' : '');
  return (
    <div className="ww-price-filter">
      <div className="ww-price-filter-slider">
        <div className="ww-price-filter-head">
          <span className="ww-price-filter-label" id="price-range-label">
            {t('filter.price', { from: label(range[0]), to: label(range[1]) })}
          </span>
          {currencies.length > 1 && (
            <HTMLSelect
              aria-label={t('filter.currency')}
              minimal
              value={currency}
              options={currencies.map((code) => ({ value: code, label: t('filter.inCurrency', { code }) }))}
              onChange={(e) => onCurrency(e.currentTarget.value)}
            />
          )}
        </div>
        <RangeSlider
          min={0}
          max={max}
          stepSize={1}
          // The line above says the chosen range; labels on the slider itself ran into each other and out of the card.
          labelRenderer={false}
          value={range}
          onChange={onRange}
          handleHtmlProps={{ start: { 'aria-label': t('filter.lowest') }, end: { 'aria-label': t('filter.highest') } }}
        />
        <div className="ww-price-filter-ends" aria-hidden="true">
          <span>{label(0)}</span>
          <span>{label(max)}</span>
        </div>
      </div>
      <Switch label={t('filter.sortByPrice')} checked={sortByPrice} onChange={(e) => onSortByPrice(e.currentTarget.checked)} />
    </div>
  );
}
