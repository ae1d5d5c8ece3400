import { HTMLTable, Section, SectionCard, Spinner, Switch, Tag, type Intent } from '@blueprintjs/core';
import type { AdminWishlist, LogQuery } from '@wishwell/shared/admin-types';
import { api } from '../api/client';
import type { WishlistDisplayStatus } from '@wishwell/shared/wishlist-status';
import { AdminPageHeader } from './AdminPageHeader';
import { useAdminText } from './admin-text';
import { LogPager, LogToolbar } from './LogToolbar';
import { useAdminLog } from './use-admin-log';
import { useToggle } from './use-toggle';
import './admin.css';

const STATUS_INTENT: Record<WishlistDisplayStatus, Intent> = { Active: 'success', Expired: 'warning', Disabled: 'danger', Deleted: 'none' };

const loadWishlists = (query: LogQuery) => api.get('/wishlists/all', { query });

/** /admin/wishlists: every list as an accordion row (name, owner or Guest, status, switch) opening its items; paged by the server. */
export function WishlistsPage() {
  const t = useAdminText();
  const lists = useAdminLog(loadWishlists, 'Could not fetch wishlists');
  const toggle = useToggle(lists.reload);
  return (
    <>
      <AdminPageHeader title={t('wishlists.title')} />
      <LogToolbar key={lists.filters.q ?? ''} filters={lists.filters} onFilters={lists.setFilters} withDates={false} searchPlaceholder={t('wishlists.search')} />
      {lists.loading ? (
        <Spinner className="ww-admin-spinner" />
      ) : lists.rows.length === 0 ? (
        <p className="ww-admin-empty">{lists.filters.q ? t('wishlists.noneMatch') : t('wishlists.none')}</p>
      ) : (
        <div className="ww-admin-lists">
          {lists.rows.map((list) => (
            <WishlistSection key={list._id} list={list} onToggle={() => void toggle('/wishlists/:id/toggle-disable', list._id)} />
          ))}
          <LogPager page={lists.page} pageCount={lists.pageCount} total={lists.total} onPage={lists.setPage} />
        </div>
      )}
    </>
  );
}

function WishlistSection({ list, onToggle }: { list: AdminWishlist; onToggle: () => void }) {
  const t = useAdminText();
  return (
    <Section
      collapsible
      collapseProps={{ defaultIsOpen: false }}
      compact
      data-testid="admin-wishlist"
      title={<span className="ww-admin-list-name">{list.name}</span>}
      subtitle={list.owner?.name ?? t('wishlists.guest')}
      rightElement={
        <span className="ww-admin-list-summary" onClick={(event) => event.stopPropagation()}>
          <Tag intent={STATUS_INTENT[list.status]}>{t(`wishlists.status.${list.status}`)}</Tag>
          <Switch
            checked={!list.isDisabled}
            label={list.isDisabled ? t('common.disabled') : t('common.enabled')}
            aria-label={t(list.isDisabled ? 'common.enableNamed' : 'common.disableNamed', { name: list.name })}
            onChange={onToggle}
          />
        </span>
      }
    >
      <SectionCard padded={false}>
        {list.items.length === 0 ? (
          <p className="ww-admin-empty" style={{ padding: '8px 16px' }}>
            {t('wishlists.noItems')}
          </p>
        ) : (
          <HTMLTable compact className="ww-admin-list-items">
            <thead>
              <tr>
                <th>{t('columns.title')}</th>
                <th>{t('columns.referralProgram')}</th>
              </tr>
            </thead>
            <tbody>
              {list.items.map((item) => (
                <tr key={item._id}>
                  <td>{item.title}</td>
                  <td>{item.referralProgram ?? t('common.notAvailable')}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        )}
      </SectionCard>
    </Section>
  );
}
