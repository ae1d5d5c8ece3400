import { useEffect, useRef, useState } from 'react';
import { Callout, Spinner } from '@blueprintjs/core';
import { CategoryScale, Chart, LinearScale, LineController, LineElement, PointElement, Tooltip } from 'chart.js';
import { formatPrice, withoutZeroCents } from '@wishwell/shared/price-format';
import { pricedPoints, priceRange, type PricedPoint } from '@wishwell/shared/price-history';
import type { PriceHistory } from '@wishwell/shared/price-watch-types';
import { api } from '../../../api/client';
import { useColorScheme, type ColorScheme } from '../../../branding/color-scheme';
import { useTranslation } from '../../../i18n/react';

Chart.register(LineController, LineElement, PointElement, CategoryScale, LinearScale, Tooltip);

/** Blueprint's blue and greys, readable on each scheme's card. */
const COLOURS: Record<ColorScheme, { line: string; text: string; grid: string }> = {
  light: { line: '#2d72d2', text: '#5f6b7c', grid: 'rgba(17, 20, 24, 0.1)' },
  dark: { line: '#8abbff', text: '#abb3bf', grid: 'rgba(255, 255, 255, 0.12)' },
};

/** The lazily loaded part of PriceHistory: the item's checks as a small line chart, with a text summary. */
export default function PriceChart({ listId, itemId, currency }: { listId: string; itemId: string; currency: string }) {
  const { t } = useTranslation();
  const [points, setPoints] = useState<PricedPoint[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    api
      .get('/wishlists/:id/items/:itemId/prices', { params: { id: listId, itemId } })
      .then((history: PriceHistory) => setPoints(pricedPoints(history.points)))
      .catch(() => setFailed(true));
  }, [listId, itemId]);
  if (failed) return <Callout intent="warning" compact>{t('item.priceHistoryFailed')}</Callout>;
  if (!points) return <Spinner size={20} />;
  if (points.length === 0) return <p className="ww-muted">{t('item.priceHistoryEmpty')}</p>;
  return <PriceLine points={points} currency={points.at(-1)!.currency || currency} />;
}

const amount = (value: number, currency: string, language: string) => withoutZeroCents(formatPrice(value.toFixed(2), currency, language));

function PriceLine({ points, currency }: { points: PricedPoint[]; currency: string }) {
  const { t, i18n } = useTranslation();
  const scheme = useColorScheme();
  const canvas = useRef<HTMLCanvasElement>(null);
  const money = (value: number) => amount(value, currency, i18n.language);
  useEffect(() => {
    const money = (value: number) => amount(value, currency, i18n.language);
    const day = new Intl.DateTimeFormat(i18n.language, { day: 'numeric', month: 'short' });
    const colours = COLOURS[scheme];
    const chart = new Chart(canvas.current!, {
      type: 'line',
      data: {
        labels: points.map((point) => day.format(new Date(point.checkedAt))),
        datasets: [{ data: points.map((point) => point.value), borderColor: colours.line, backgroundColor: colours.line, pointRadius: 3, stepped: 'before', borderWidth: 2 }],
      },
      options: {
        maintainAspectRatio: false,
        animation: false,
        plugins: { tooltip: { callbacks: { label: (item) => money(item.parsed.y ?? 0) } } },
        scales: {
          x: { ticks: { color: colours.text, maxTicksLimit: 6, maxRotation: 0 }, grid: { display: false } },
          y: { ticks: { color: colours.text, maxTicksLimit: 4, callback: (value) => money(Number(value)) }, grid: { color: colours.grid } },
        },
      },
    });
    return () => chart.destroy();
  }, [points, currency, i18n.language, scheme]);
  const range = priceRange(points)!;
  return (
    <>
      <div className="ww-price-chart">
        <canvas ref={canvas} aria-hidden="true" />
      </div>
      <p className="ww-price-summary">{t('item.priceHistorySummary', { lowest: money(range.lowest), highest: money(range.highest), now: money(range.now) })}</p>
    </>
  );
}
