import { useEffect, useRef, useState } from 'react';
import { Card, H3, Spinner } from '@blueprintjs/core';
import { ArcElement, Chart, DoughnutController, Legend, Tooltip } from 'chart.js';
import type { AdminStats } from '@wishwell/shared/admin-types';
import { REFERRAL_CHART_COLORS } from '@wishwell/shared/constants';
import { api } from '../api/client';
import { useColorScheme } from '../branding/color-scheme';
import { useAdminNumber, useAdminText } from './admin-text';
import { AdminPageHeader } from './AdminPageHeader';
import { AdminDraws } from './AdminDraws';
import './admin.css';

Chart.register(DoughnutController, ArcElement, Tooltip, Legend);

const STAT_CARDS: Exclude<keyof AdminStats, 'referralBreakdown'>[] = ['totalUsers', 'totalWishlists', 'totalItems', 'uniqueVisitors'];

/** /admin: the stat cards and the Referral Program Breakdown doughnut. */
export function AdminDashboard() {
  const t = useAdminText();
  const count = useAdminNumber();
  const [stats, setStats] = useState<AdminStats | null>(null);
  useEffect(() => {
    api.get('/stats').then(setStats, (error: unknown) => console.error('Failed to fetch stats', error));
  }, []);
  return (
    <>
      <AdminPageHeader title={t('pages.dashboard')} />
      {!stats ? (
        <Spinner className="ww-admin-spinner" />
      ) : (
        <>
          <div className="ww-admin-stats">
            {STAT_CARDS.map((key) => (
              <Card key={key} className="ww-admin-stat" data-testid="stat-card">
                <p className="ww-admin-stat-label">{t(`dashboard.${key}`)}</p>
                <p className="ww-admin-stat-value">{count(stats[key])}</p>
              </Card>
            ))}
          </div>
          <Card className="ww-admin-chart-card">
            <H3>{t('dashboard.breakdown')}</H3>
            {stats.referralBreakdown.length === 0 ? <p className="ww-admin-empty">{t('dashboard.noItems')}</p> : <ReferralChart breakdown={stats.referralBreakdown} />}
          </Card>
          <AdminDraws />
        </>
      )}
    </>
  );
}

function ReferralChart({ breakdown }: { breakdown: AdminStats['referralBreakdown'] }) {
  const t = useAdminText();
  const canvas = useRef<HTMLCanvasElement>(null);
  const sliceName = (slice: AdminStats['referralBreakdown'][number]) => slice._id ?? t('common.notAvailable');
  const itemCount = t('dashboard.itemCount');
  const scheme = useColorScheme();
  useEffect(() => {
    if (!canvas.current) return;
    // Chart.js draws its legend in a fixed grey, faint on dark: the page's text colour instead.
    const ink = getComputedStyle(canvas.current).color;
    const chart = new Chart(canvas.current, {
      type: 'doughnut',
      data: {
        labels: breakdown.map(sliceName),
        datasets: [{ label: itemCount, data: breakdown.map((slice) => slice.count), backgroundColor: REFERRAL_CHART_COLORS, borderWidth: 1 }],
      },
      options: { responsive: true, maintainAspectRatio: false, plugins: { legend: { position: 'bottom', labels: { color: ink } } } },
    });
    return () => chart.destroy();
  }, [breakdown, t, scheme]);
  const summary = breakdown.map((slice) => `${sliceName(slice)}: ${slice.count}`).join(', ');
  return (
    <div className="ww-admin-chart">
      <canvas ref={canvas} role="img" aria-label={t('dashboard.chartSummary', { summary })} />
    </div>
  );
}
