import { RangeSlider, Switch, type NumberRange } from '@blueprintjs/core';
import { formatPrice } from '@wishwell/shared/price-format';

interface Props {
  range: NumberRange;
  max: number;
  currency: string;
  sortByPrice: boolean;
  onRange: (range: NumberRange) => void;
  onSortByPrice: (sort: boolean) => void;
}

/** The guest view's price range (top end = no upper limit) and sort-by-price toggle. */
export function PriceFilter({ range, max, currency, sortByPrice, onRange, onSortByPrice }: Props) {
  const label = (value: number) => formatPrice(String(value), currency).replace(/\.00$/, '') + (value >= max ? '+' : '');
  return (
    <div className="ww-price-filter">
      <div className="ww-price-filter-slider">
        <span className="ww-price-filter-label" id="price-range-label">
          Price: {label(range[0])} – {label(range[1])}
        </span>
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
