import { useEffect, useRef, useState } from 'react';
import { Card, H3, Spinner } from '@blueprintjs/core';
import { ArcElement, Chart, DoughnutController, Legend, Tooltip } from 'chart.js';
import type { AdminStats } from '@wishwell/shared/admin-types';
import { REFERRAL_CHART_COLORS } from '@wishwell/shared/constants';
import { api } from '../api/client';
import { AdminPageHeader } from './AdminPageHeader';
import './admin.css';

Chart.register(DoughnutController, ArcElement, Tooltip, Legend);

const STAT_CARDS: { label: string; key: Exclude<keyof AdminStats, 'referralBreakdown'> }[] = [
  { label: 'Total Users', key: 'totalUsers' },
  { label: 'Total Wishlists', key: 'totalWishlists' },
  { label: 'Total Items', key: 'totalItems' },
  { label: 'Unique Visitors', key: 'uniqueVisitors' },
];

/** /admin: the stat cards and the Referral Program Breakdown doughnut. */
export function AdminDashboard() {
  const [stats, setStats] = useState<AdminStats | null>(null);
  useEffect(() => {
    api.get('/stats').then(setStats, (error: unknown) => console.error('Failed to fetch stats', error));
  }, []);
  return (
    <>
      <AdminPageHeader title="Dashboard" />
      {!stats ? (
        <Spinner className="ww-admin-spinner" />
      ) : (
        <>
          <div className="ww-admin-stats">
            {STAT_CARDS.map(({ label, key }) => (
              <Card key={key} className="ww-admin-stat" data-testid="stat-card">
                <p className="ww-admin-stat-label">{label}</p>
                <p className="ww-admin-stat-value">{stats[key].toLocaleString('en-GB')}</p>
              </Card>
            ))}
          </div>
          <Card className="ww-admin-chart-card">
            <H3>Referral Program Breakdown</H3>
            {stats.referralBreakdown.length === 0 ? <p className="ww-admin-empty">No items yet.</p> : <ReferralChart breakdown={stats.referralBreakdown} />}
          </Card>
        </>
      )}
    </>
  );
}

function ReferralChart({ breakdown }: { breakdown: AdminStats['referralBreakdown'] }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!canvas.current) return;
    const chart = new Chart(canvas.current, {
      type: 'doughnut',
      data: {
        labels: breakdown.map((slice) => slice._id ?? 'N/A'),
        datasets: [{ label: '# of Items', data: breakdown.map((slice) => slice.count), backgroundColor: REFERRAL_CHART_COLORS, borderWidth: 1 }],
      },
      options: { responsive: true, maintainAspectRatio: false, plugins: { legend: { position: 'bottom' } } },
    });
    return () => chart.destroy();
  }, [breakdown]);
  const summary = breakdown.map((slice) => `${slice._id ?? 'N/A'}: ${slice.count}`).join(', ');
  return (
    <div className="ww-admin-chart">
      <canvas ref={canvas} role="img" aria-label={`Referral Program Breakdown, # of Items: ${summary}`} />
    </div>
  );
}
