import { lazy, Suspense, useState } from 'react';
import { Button, Spinner } from '@blueprintjs/core';
import { useTranslation } from '../../../i18n/react';

// chart.js comes with the chart: pages without one never download it.
const PriceChart = lazy(() => import('./PriceChart'));

/** An item's "Price history" switch; open, its chart and a summary of the checks so far. */
export function PriceHistory({ listId, itemId, currency }: { listId: string; itemId: string; currency: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const panelId = `ww-price-history-${itemId}`;
  return (
    <div className="ww-price-history">
      <Button size="small" variant="minimal" icon="timeline-line-chart" text={t('item.priceHistory')} aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)} />
      {open && (
        <div id={panelId} role="region" aria-label={t('item.priceHistory')} className="ww-price-history-panel">
          <Suspense fallback={<Spinner size={20} />}>
            <PriceChart listId={listId} itemId={itemId} currency={currency} />
          </Suspense>
        </div>
      )}
    </div>
  );
}
