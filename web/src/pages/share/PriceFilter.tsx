import { HTMLSelect, RangeSlider, Switch, type NumberRange } from '@blueprintjs/core';
import { formatPrice } from '@wishwell/shared/price-format';

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
  const label = (value: number) => formatPrice(String(value), currency).replace(/\.00$/, '') + (value >= max ? '+' : '');
  return (
    <div className="ww-price-filter">
      <div className="ww-price-filter-slider">
        <div className="ww-price-filter-head">
          <span className="ww-price-filter-label" id="price-range-label">
            Price: {label(range[0])} – {label(range[1])}
          </span>
          {currencies.length > 1 && (
            <HTMLSelect
              aria-label="Currency"
              minimal
              value={currency}
              options={currencies.map((code) => ({ value: code, label: `in ${code}` }))}
              onChange={(e) => onCurrency(e.currentTarget.value)}
            />
          )}
        </div>
        <RangeSlider
          min={0}
          max={max}
          stepSize={1}
          labelStepSize={max / 2}
          labelRenderer={label}
          value={range}
          onChange={onRange}
          handleHtmlProps={{ start: { 'aria-label': 'Lowest price' }, end: { 'aria-label': 'Highest price' } }}
        />
      </div>
      <Switch label="Sort by price" checked={sortByPrice} onChange={(e) => onSortByPrice(e.currentTarget.checked)} />
    </div>
  );
}
