import { useCallback, useEffect, useState } from 'react';
import { Button, NonIdealState, Spinner } from '@blueprintjs/core';
import type { Wishlist, WishlistSummary } from '@wishwell/shared/wishlist-types';
import { api, errorMessage } from '../../api/client';
import { notify } from '../../notifications/notify';
import { ShareEmailDialog } from './ShareEmailDialog';
import { WishlistCard, type WishlistCardActions } from './WishlistCard';
import { WishlistFormDialog } from './WishlistFormDialog';
import './wishlists.css';
import { ConfirmDeleteAlert } from '../../ui/ConfirmDeleteAlert';

type OpenDialog =
  | { kind: 'create' }
  | { kind: 'edit'; wishlist: Wishlist }
  | { kind: 'share'; wishlistId: string }
  | { kind: 'delete'; wishlist: WishlistSummary }
  | null;

/** My Wishlists (/dashboard): the lists the user owns or edits. */
export default function DashboardPage() {
  const [wishlists, setWishlists] = useState<WishlistSummary[] | null>(null);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const close = () => setDialog(null);

  const load = useCallback(() => {
    api
      .get<WishlistSummary[]>('/wishlists')
      .then(setWishlists)
      .catch((error: unknown) => {
        console.error('Could not load wishlists', error); // spec: list load failures are only logged
        setWishlists((current) => current ?? []);
      });
  }, []);
  useEffect(load, [load]);

  const actions: WishlistCardActions = {
    onShareByEmail: (wishlist) => setDialog({ kind: 'share', wishlistId: wishlist._id }),
    // The card has no editors or items; the edit dialog needs both (Manage Editors, purchases warning).
    onEdit: async (summary) => {
      try {
        setDialog({ kind: 'edit', wishlist: await api.get<Wishlist>(`/wishlists/${summary._id}`) });
      } catch (error) {
        notify(errorMessage(error, 'Could not load wishlist'), 'error');
      }
    },
    onDelete: (wishlist) => setDialog({ kind: 'delete', wishlist }),
  };

  const deleteWishlist = async (wishlist: WishlistSummary) => {
    close();
    try {
      await api.delete(`/wishlists/${wishlist._id}`);
      notify('Wishlist deleted!', 'success');
      load();
    } catch (error) {
      notify(errorMessage(error, 'Failed to delete wishlist'), 'error');
    }
  };

  return (
    <div className="ww-dashboard">
      <div className="ww-page-heading">
        <h1>My Wishlists</h1>
        <Button icon="plus" className="ww-accent-button" text="Create Wishlist" onClick={() => setDialog({ kind: 'create' })} />
      </div>
      {wishlists === null ? (
        <Spinner />
      ) : wishlists.length === 0 ? (
        <NonIdealState icon="gift-box" title="No wishlists yet" description="Create your first wishlist and start adding gift ideas." />
      ) : (
        <div className="ww-list-grid">
          {wishlists.map((wishlist) => (
            <WishlistCard key={wishlist._id} wishlist={wishlist} actions={actions} />
          ))}
        </div>
      )}
      {dialog?.kind === 'create' && <WishlistFormDialog onClose={close} onSaved={load} />}
      {dialog?.kind === 'edit' && <WishlistFormDialog wishlist={dialog.wishlist} onClose={close} onSaved={load} />}
      {dialog?.kind === 'share' && <ShareEmailDialog wishlistId={dialog.wishlistId} onClose={close} />}
      <ConfirmDeleteAlert
        isOpen={dialog?.kind === 'delete'}
        onCancel={close}
        onConfirm={() => dialog?.kind === 'delete' && void deleteWishlist(dialog.wishlist)}
      >
        <p>Delete "{dialog?.kind === 'delete' ? dialog.wishlist.name : ''}"? Guests will no longer be able to open it.</p>
      </ConfirmDeleteAlert>
    </div>
  );
}
