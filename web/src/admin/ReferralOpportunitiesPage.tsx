import { Tag } from '@blueprintjs/core';
import type { LogQuery } from '@wishwell/shared/admin-types';
import { REPORT_CURRENCY, type ReferralOpportunity } from '@wishwell/shared/referral-types';
import { api } from '../api/client';
import { AdminLogView } from './AdminLogPage';
import { useAdminNumber, useAdminText, type AdminNumber, type AdminText } from './admin-text';
import type { AdminColumn } from './AdminTable';
import { useAdminLog } from './use-admin-log';
import './admin.css';

/** An amount in its own currency, en-GB style (£1,038.89, US$111.99, €200.00). */
function money(total: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en-GB', { style: 'currency', currency }).format(total);
  } catch {
    return `${total.toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} ${currency}`; // not an ISO code
  }
}

/** GBP, then each other currency on its own line: without exchange rates they are not added up. */
function TotalValue({ row }: { row: ReferralOpportunity }) {
  if (row.totals.length === 0) return <>{money(0, REPORT_CURRENCY)}</>;
  return (
    <span className="ww-admin-totals">
      {row.totals.map(({ currency, total }) => (
        <span key={currency}>{money(total, currency)}</span>
      ))}
    </span>
  );
}

type Row = ReferralOpportunity & { _id: string };

const columns = (t: AdminText, count: AdminNumber): AdminColumn<Row>[] => [
  { label: t('columns.domain'), render: (row) => row.domain },
  { label: t('columns.itemCount'), render: (row) => count(row.itemCount) },
  { label: t('columns.totalValue'), render: (row) => <TotalValue row={row} /> },
  {
    label: t('columns.ruleSetUp'),
    render: (row) => <Tag intent={row.hasReferralRule ? 'success' : 'none'}>{row.hasReferralRule ? t('common.yes') : t('common.no')}</Tag>,
  },
];

const loadShops = (query: LogQuery) => api.get('/stats/referral-opportunities', { query });

/** /admin/referral-opportunities: the shops wish list items come from most, a page at a time from the server, and whether a referral rule covers them. */
export function ReferralOpportunitiesPage() {
  const t = useAdminText();
  const count = useAdminNumber();
  const shops = useAdminLog(loadShops, 'Could not fetch referral opportunities');
  return (
    <AdminLogView
      log={{ ...shops, rows: shops.rows.map((row) => ({ ...row, _id: row.domain })) }}
      title={t('pages.referralOpportunities')}
      intro={
        <>
          <p className="ww-admin-intro">{t('opportunities.introShops')}</p>
          <p className="ww-admin-intro">{t('opportunities.introCurrencies')}</p>
        </>
      }
      columns={columns(t, count)}
      emptyText={shops.filters.q ? t('opportunities.noneMatch') : t('opportunities.none')}
      searchPlaceholder={t('opportunities.search')}
      withDates={false}
    />
  );
}
