import { Tag } from '@blueprintjs/core';
import type { ReferralOpportunity } from '@wishwell/shared/referral-types';
import { AdminPageHeader } from './AdminPageHeader';
import { AdminTable, type AdminColumn } from './AdminTable';
import { useAdminList } from './use-admin-list';
import './admin.css';

const gbp = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });

type Row = ReferralOpportunity & { _id: string };

const COLUMNS: AdminColumn<Row>[] = [
  { label: 'Domain', render: (row) => row.domain },
  { label: 'Item Count', render: (row) => row.itemCount.toLocaleString('en-GB') },
  { label: 'Total Value', render: (row) => gbp.format(row.totalValue) },
  { label: 'Referral Rule Setup?', render: (row) => <Tag intent={row.hasReferralRule ? 'success' : 'none'}>{row.hasReferralRule ? 'Yes' : 'No'}</Tag> },
];

/** /admin/referral-opportunities: the shops wish list items come from most, and whether a referral rule covers them. */
export function ReferralOpportunitiesPage() {
  const { rows, loading } = useAdminList<ReferralOpportunity>('/stats/referral-opportunities', 'Could not fetch referral opportunities');
  return (
    <>
      <AdminPageHeader title="Referral Opportunities" />
      <p className="ww-admin-intro">
        The most popular shop sites for wishlist items, by number of items. Shops without a referral rule are opportunities: add a
        rule under Referral Rules to earn from the gifts bought there.
      </p>
      <AdminTable
        columns={COLUMNS}
        rows={rows.map((row) => ({ ...row, _id: row.domain }))}
        loading={loading}
        emptyText="No items with shop links yet."
      />
    </>
  );
}
