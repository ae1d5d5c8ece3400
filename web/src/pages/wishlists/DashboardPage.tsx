import { useCallback, useEffect, useState } from 'react';
import { Button, NonIdealState, Spinner } from '@blueprintjs/core';
import { useTranslation } from '../../i18n/react';
import type { Wishlist, WishlistSummary } from '@wishwell/shared/wishlist-types';
import { api } from '../../api/client';
import { usePageTitle } from '../../app/use-page-title';
import { useNavigate } from '../../app/routing';
import { santaPath } from '@wishwell/shared/secret-santa-types';
import { useAsyncAction } from '../../ui/use-async-action';
import { useCloseOnBack } from '../../ui/use-close-on-back';
import { ShareEmailDialog } from './ShareEmailDialog';
import { WishlistCard, type WishlistCardActions } from './WishlistCard';
import { WishlistFormDialog } from './WishlistFormDialog';
import { ImportListDialog } from './transfer/ImportListDialog';
import { ConfirmDeleteAlert } from '../../ui/ConfirmDeleteAlert';
import { MyReservations } from '../claims/MyReservations';
import './wishlists.css';

type OpenDialog =
  | { kind: 'create' }
  | { kind: 'import' }
  | { kind: 'edit'; wishlist: Wishlist }
  | { kind: 'share'; wishlistId: string }
  | { kind: 'delete'; wishlist: WishlistSummary }
  | null;

/** A saved list as its dashboard card needs it. */
function summaryOf(wishlist: Wishlist): WishlistSummary {
  const { editors: _editors, items, isDeleted: _deleted, createdAt: _created, updatedAt: _updated, role, ...fields } = wishlist;
  return { ...fields, role: role === 'editor' ? 'editor' : 'owner', itemCount: items.length, hasPurchases: items.some((item) => item.quantityPurchased > 0) };
}

type Load = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; wishlists: WishlistSummary[] };

/** My Wishlists (/dashboard): the lists the user owns or edits. */
export default function DashboardPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const close = () => setDialog(null);
  useCloseOnBack(dialog !== null, close);
  usePageTitle(t('dashboard.title'));
  const { run } = useAsyncAction();

  const reload = useCallback(() => {
    setLoad({ state: 'loading' });
    api
      .get('/wishlists')
      .then((wishlists) => setLoad({ state: 'ready', wishlists }))
      .catch((error: unknown) => {
        console.error('Could not load wishlists', error); // spec: logged; the page says it failed instead of "no wishlists"
        setLoad({ state: 'failed' });
      });
  }, []);
  useEffect(reload, [reload]);
  const changeLists = (update: (lists: WishlistSummary[]) => WishlistSummary[]) =>
    setLoad((current) => (current.state === 'ready' ? { state: 'ready', wishlists: update(current.wishlists) } : current));

  const actions: WishlistCardActions = {
    onShareByEmail: (wishlist) => setDialog({ kind: 'share', wishlistId: wishlist._id }),
    // The card has no editors or items; the edit dialog needs both (Manage Editors, purchases warning).
    onEdit: (summary) =>
      void run(async () => setDialog({ kind: 'edit', wishlist: await api.get('/wishlists/:id', { params: { id: summary._id } }) }), { failure: t('list.loadFailed') }),
    onDelete: (wishlist) => setDialog({ kind: 'delete', wishlist }),
  };

  const deleteWishlist = (wishlist: WishlistSummary) => {
    close();
    void run(async () => {
      await api.delete('/wishlists/:id', { params: { id: wishlist._id } });
      changeLists((lists) => lists.filter((list) => list._id !== wishlist._id));
    }, { success: t('dashboard.deleted'), failure: t('dashboard.deleteFailed') });
  };
  const created = (wishlist: Wishlist) => changeLists((lists) => [summaryOf(wishlist), ...lists]);
  const updated = (wishlist: Wishlist) => changeLists((lists) => lists.map((list) => (list._id === wishlist._id ? summaryOf(wishlist) : list)));

  return (
    <div className="ww-dashboard">
      <div className="ww-page-heading">
        <h1>{t('dashboard.title')}</h1>
        <div className="ww-page-heading-actions">
          <Button icon="people" text={t('circles.dashboardLink')} onClick={() => navigate('/circles')} />
          <Button icon="gift-box" text={t('santa.title')} onClick={() => navigate(santaPath)} />
          <Button icon="upload" text={t('transfer.import')} onClick={() => setDialog({ kind: 'import' })} />
          <Button icon="plus" className="ww-accent-button" text={t('dashboard.create')} onClick={() => setDialog({ kind: 'create' })} />
        </div>
      </div>
      {load.state === 'loading' ? (
        <Spinner />
      ) : load.state === 'failed' ? (
        <NonIdealState
          icon="offline"
          title={t('dashboard.loadFailed')}
          description={t('dashboard.loadFailedText')}
          action={<Button icon="refresh" text={t('share.tryAgain')} onClick={reload} />}
        />
      ) : load.wishlists.length === 0 ? (
        <NonIdealState icon="gift-box" title={t('dashboard.empty')} description={t('dashboard.emptyText')} />
      ) : (
        <div className="ww-list-grid">
          {load.wishlists.map((wishlist) => (
            <WishlistCard key={wishlist._id} wishlist={wishlist} actions={actions} />
          ))}
        </div>
      )}
      <MyReservations />
      {dialog?.kind === 'create' && <WishlistFormDialog onClose={close} onSaved={created} />}
      {dialog?.kind === 'import' && <ImportListDialog onClose={close} onImported={reload} />}
      {dialog?.kind === 'edit' && <WishlistFormDialog wishlist={dialog.wishlist} onClose={close} onSaved={updated} />}
      {dialog?.kind === 'share' && <ShareEmailDialog wishlistId={dialog.wishlistId} onClose={close} />}
      <ConfirmDeleteAlert
        isOpen={dialog?.kind === 'delete'}
        onCancel={close}
        onConfirm={() => dialog?.kind === 'delete' && deleteWishlist(dialog.wishlist)}
      >
        <p>{t('dashboard.deleteConfirm', { name: dialog?.kind === 'delete' ? dialog.wishlist.name : '' })}</p>
      </ConfirmDeleteAlert>
    </div>
  );
}
