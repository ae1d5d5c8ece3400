import { Tag } from '@blueprintjs/core';
import type { LogQuery } from '@wishwell/shared/admin-types';
import { REPORT_CURRENCY, type ReferralOpportunity } from '@wishwell/shared/referral-types';
import { api } from '../api/client';
import { AdminLogView } from './AdminLogPage';
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

const COLUMNS: AdminColumn<Row>[] = [
  { label: 'Domain', render: (row) => row.domain },
  { label: 'Item Count', render: (row) => row.itemCount.toLocaleString('en-GB') },
  { label: 'Total Value', render: (row) => <TotalValue row={row} /> },
  { label: 'Referral Rule Setup?', render: (row) => <Tag intent={row.hasReferralRule ? 'success' : 'none'}>{row.hasReferralRule ? 'Yes' : 'No'}</Tag> },
];

const loadShops = (query: LogQuery) => api.get('/stats/referral-opportunities', { query });

/** /admin/referral-opportunities: the shops wish list items come from most, a page at a time from the server, and whether a referral rule covers them. */
export function ReferralOpportunitiesPage() {
  const shops = useAdminLog(loadShops, 'Could not fetch referral opportunities');
  return (
    <AdminLogView
      log={{ ...shops, rows: shops.rows.map((row) => ({ ...row, _id: row.domain })) }}
      title="Referral Opportunities"
      intro={
        <>
          <p className="ww-admin-intro">
            The most popular shop sites for wishlist items, by number of items. Shops without a referral rule are opportunities: add a
            rule under Referral Rules to earn from the gifts bought there.
          </p>
          <p className="ww-admin-intro">
            Total Value is in GBP. Items priced in other currencies are shown in their own currency, line by line: Wishwell keeps no
            exchange rates, so it does not convert them.
          </p>
        </>
      }
      columns={COLUMNS}
      emptyText={shops.filters.q ? 'No shops match.' : 'No items with shop links yet.'}
      searchPlaceholder="Shop domain"
      withDates={false}
    />
  );
}
