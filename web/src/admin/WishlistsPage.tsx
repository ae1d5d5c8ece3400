import { useState } from 'react';
import { HTMLTable, Section, SectionCard, Spinner, Switch, Tag, type Intent } from '@blueprintjs/core';
import type { AdminWishlist } from '@wishwell/shared/admin-types';
import type { WishlistDisplayStatus } from '@wishwell/shared/wishlist-status';
import { AdminPageHeader } from './AdminPageHeader';
import { LogPager } from './LogToolbar';
import { useAdminList } from './use-admin-list';
import { useToggle } from './use-toggle';
import './admin.css';

const LISTS_PER_PAGE = 25;

const STATUS_INTENT: Record<WishlistDisplayStatus, Intent> = { Active: 'success', Expired: 'warning', Disabled: 'danger', Deleted: 'none' };

/** /admin/wishlists: every list as an accordion row (name, owner or Guest, status, switch) opening its items. */
export function WishlistsPage() {
  const { rows, loading, reload } = useAdminList<AdminWishlist>('/wishlists/all', 'Could not fetch wishlists');
  const toggle = useToggle(reload);
  const [page, setPage] = useState(1);
  const pageCount = Math.max(1, Math.ceil(rows.length / LISTS_PER_PAGE));
  const current = Math.min(page, pageCount);
  const shown = rows.slice((current - 1) * LISTS_PER_PAGE, current * LISTS_PER_PAGE);
  return (
    <>
      <AdminPageHeader title="All Wishlists" />
      {loading ? (
        <Spinner className="ww-admin-spinner" />
      ) : rows.length === 0 ? (
        <p className="ww-admin-empty">No wishlists yet.</p>
      ) : (
        <div className="ww-admin-lists">
          {shown.map((list) => (
            <WishlistSection key={list._id} list={list} onToggle={() => void toggle(`/wishlists/${list._id}/toggle-disable`)} />
          ))}
          <LogPager page={current} pageCount={pageCount} total={rows.length} onPage={setPage} />
        </div>
      )}
    </>
  );
}

function WishlistSection({ list, onToggle }: { list: AdminWishlist; onToggle: () => void }) {
  return (
    <Section
      collapsible
      collapseProps={{ defaultIsOpen: false }}
      compact
      data-testid="admin-wishlist"
      title={<span className="ww-admin-list-name">{list.name}</span>}
      subtitle={list.owner?.name ?? 'Guest'}
      rightElement={
        <span className="ww-admin-list-summary" onClick={(event) => event.stopPropagation()}>
          <Tag intent={STATUS_INTENT[list.status]}>{list.status}</Tag>
          <Switch
            checked={!list.isDisabled}
            label={list.isDisabled ? 'Disabled' : 'Enabled'}
            aria-label={`${list.isDisabled ? 'Enable' : 'Disable'} ${list.name}`}
            onChange={onToggle}
          />
        </span>
      }
    >
      <SectionCard padded={false}>
        {list.items.length === 0 ? (
          <p className="ww-admin-empty" style={{ padding: '8px 16px' }}>
            No items.
          </p>
        ) : (
          <HTMLTable compact className="ww-admin-list-items">
            <thead>
              <tr>
                <th>Title</th>
                <th>Referral Program</th>
              </tr>
            </thead>
            <tbody>
              {list.items.map((item) => (
                <tr key={item._id}>
                  <td>{item.title}</td>
                  <td>{item.referralProgram ?? 'N/A'}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        )}
      </SectionCard>
    </Section>
  );
}
