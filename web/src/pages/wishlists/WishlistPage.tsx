import { useCallback, useEffect, useMemo, useState } from 'react';
import { Button, Callout, Menu, NonIdealState, Popover, Spinner, Switch } from '@blueprintjs/core';
import { Trans, useTranslation } from '../../i18n/react';
import { Link, Navigate, useParams, useSearchParams } from '../../app/routing';
import { ITEMS_PER_PAGE } from '@wishwell/shared/constants';
import { sharePath, type Item, type Wishlist } from '@wishwell/shared/wishlist-types';
import { wishlistDisplayStatus } from '@wishwell/shared/wishlist-status';
import { api, ApiRequestError, errorMessage } from '../../api/client';
import { usePageTitle } from '../../app/use-page-title';
import { notify } from '../../notifications/notify';
import { useSession } from '../../session/SessionProvider';
import { CoverBanner } from '../../ui/CoverBanner';
import { FollowerCountNote } from '../follow/FollowerCountNote';
import { SurpriseNote } from './SurpriseNote';
import { OwnerSuggestions } from '../circles/OwnerSuggestions';
import { useDayFormat } from '../../ui/dates';
import { Pager, usePage } from '../../ui/Pager';
import { useAsyncAction } from '../../ui/use-async-action';
import { useCloseOnBack } from '../../ui/use-close-on-back';
import { AddItemBox } from './AddItemBox';
import { BulkAddDialog } from './bulk/BulkAddDialog';
import { ExportMenuItems } from './transfer/ExportMenuItems';
import { holdsGuestWishlist } from './guest-wishlists';
import { draftFromItem, type ItemDraft } from './item-draft';
import { ItemFormDialog } from './ItemFormDialog';
import { MoveCopyDialog } from './MoveCopyDialog';
import { OwnerItemCard, type OwnerItemActions } from './OwnerItemCard';
import { ShareEmailDialog } from './ShareEmailDialog';
import { ShareMenuItems } from './ShareMenuItems';
import { useItemOrder } from './use-item-order';
import { useLandingImageCopies } from './use-landing-image-copies';
import { WishlistFormDialog } from './WishlistFormDialog';
import { ConfirmDeleteAlert } from '../../ui/ConfirmDeleteAlert';
import './wishlists.css';

type OpenDialog =
  | { kind: 'item'; draft: ItemDraft; itemId?: string }
  | { kind: 'edit-list' }
  | { kind: 'share-email' }
  | { kind: 'move-copy'; item: Item }
  | { kind: 'delete-item'; item: Item }
  | { kind: 'bulk'; links: string[] }
  | null;

/** Answers meaning "not yours to edit": the visitor gets the guest view instead. */
const NOT_AN_EDITOR = new Set([401, 403, 404]);

/** The owner/editor list page (/wishlist/{id}); keyed by id so another list starts afresh. */
export default function WishlistPage() {
  const { id = '' } = useParams();
  return <WishlistLoader key={id} id={id} />;
}

function WishlistLoader({ id }: { id: string }) {
  const session = useSession();
  const holdsLocally = holdsGuestWishlist(id);
  const mayEdit = Boolean(session.user) || holdsLocally;
  const [wishlist, setWishlist] = useState<Wishlist | null>(null);
  const [sendToShareView, setSendToShareView] = useState(false);
  const [loadFailed, setLoadFailed] = useState(false);
  const { t } = useTranslation();
  usePageTitle(wishlist?.name ?? t('share.pageTitle'));

  const load = useCallback(async () => {
    setLoadFailed(false);
    try {
      setWishlist(await api.get('/wishlists/:id', { params: { id } }));
    } catch (error) {
      if (error instanceof ApiRequestError && NOT_AN_EDITOR.has(error.status)) setSendToShareView(true);
      else {
        notify(errorMessage(error, t('list.loadFailed')), 'error');
        setLoadFailed(true);
      }
    }
  }, [id, t]);

  useEffect(() => {
    if (!session.loading && mayEdit) void load();
  }, [session.loading, mayEdit, load]);

  if (session.loading) return <Spinner className="ww-page-spinner" />;
  if (!mayEdit || sendToShareView) return <Navigate to={sharePath(id)} replace />;
  if (loadFailed && !wishlist) {
    return <NonIdealState icon="error" title={t('list.loadFailed')} action={<Button text={t('share.tryAgain')} onClick={() => void load()} />} />;
  }
  if (!wishlist) return <Spinner className="ww-page-spinner" />;
  const change = (update: (current: Wishlist) => Wishlist) => setWishlist((current) => (current ? update(current) : current));
  return <WishlistEditor wishlist={wishlist} change={change} reload={load} isGuestOwner={!session.user} />;
}

/** The item list with `item` in place of its old self, or last when new (where the server puts it). */
const withItem = (list: Wishlist, item: Item): Wishlist => {
  const known = list.items.some((existing) => existing._id === item._id);
  return { ...list, items: known ? list.items.map((existing) => (existing._id === item._id ? item : existing)) : [...list.items, item] };
};
const withoutItem = (list: Wishlist, itemId: string): Wishlist => ({ ...list, items: list.items.filter((item) => item._id !== itemId) });

/** What the owner sees: still-wanted items first, bought ones after them (Show Purchased), each in list order. */
function ownerOrder(items: readonly Item[], showPurchased: boolean): Item[] {
  const wanted = items.filter((item) => !item.isPurchased);
  return showPurchased ? [...wanted, ...items.filter((item) => item.isPurchased)] : wanted;
}

interface EditorProps {
  wishlist: Wishlist;
  /** Applies the server's answer to the list shown (no reload of the whole list). */
  change: (update: (current: Wishlist) => Wishlist) => void;
  /** Reads the whole list again (another tab or person changed it under this page). */
  reload: () => Promise<void>;
  isGuestOwner: boolean;
}

function WishlistEditor({ wishlist, change, reload, isGuestOwner }: EditorProps) {
  const [showPurchased, setShowPurchased] = useState(false);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const close = () => setDialog(null);
  useCloseOnBack(dialog !== null, close);
  useLandingImageCopies(wishlist, change);
  const visibleItems = useMemo(() => ownerOrder(wishlist.items, showPurchased), [wishlist.items, showPurchased]);
  const { page, pageCount, pageItems, setPage, listRef } = usePage(visibleItems);
  const order = useItemOrder(wishlist, visibleItems, change, (index) => {
    const shownOn = Math.floor(index / ITEMS_PER_PAGE) + 1;
    if (shownOn !== page) setPage(shownOn);
  });
  const { sharedLink, forgetSharedLink } = useSharedLink();
  const currency = wishlist.currency;
  const { run } = useAsyncAction();
  const { t } = useTranslation();
  const itemParams = (item: Item) => ({ id: wishlist._id, itemId: item._id });

  const itemActions: OwnerItemActions = {
    onEdit: (item) => setDialog({ kind: 'item', draft: draftFromItem(item), itemId: item._id }),
    onDelete: (item) => setDialog({ kind: 'delete-item', item }),
    onMoveCopy: isGuestOwner ? undefined : (item) => setDialog({ kind: 'move-copy', item }),
    onRelist: (item) =>
      void run(async () => {
        const relisted = await api.put('/wishlists/:id/items/:itemId/unpurchase', { params: itemParams(item) });
        change((list) => withItem(list, relisted));
      }, { success: t('list.relisted'), failure: t('list.relistFailed') }),
  };

  const deleteItem = (item: Item) => {
    close();
    void run(async () => {
      await api.delete('/wishlists/:id/items/:itemId', { params: itemParams(item) });
      change((list) => withoutItem(list, item._id));
    }, { success: t('list.itemDeleted'), failure: t('list.itemDeleteFailed') });
  };

  return (
    <div className={`ww-list-page ww-colors-${wishlist.colorSet}`}>
      {isGuestOwner && (
        <Callout intent="primary" icon="info-sign" className="ww-guest-banner">
          <Trans i18nKey="list.guestBanner" components={{ signup: <Link to={`/register?claimList=${encodeURIComponent(wishlist._id)}`} /> }} />
        </Callout>
      )}
      <GuestAccessNotice wishlist={wishlist} />
      <CoverBanner image={wishlist.coverImage} title={wishlist.name} list={wishlist}>
        <Button icon="edit" text={t('list.editList')} onClick={() => setDialog({ kind: 'edit-list' })} />
        <Popover
          placement="bottom-end"
          content={
            <Menu>
              <ShareMenuItems wishlist={wishlist} onShareByEmail={isGuestOwner ? undefined : () => setDialog({ kind: 'share-email' })} />
              <ExportMenuItems wishlistId={wishlist._id} />
            </Menu>
          }
        >
          <Button icon="share" className="ww-accent-button" text={t('list.share')} />
        </Popover>
      </CoverBanner>

      <div className="ww-list-toolbar">
        <AddItemBox
          onOpenForm={(draft) => setDialog({ kind: 'item', draft })}
          onManyLinks={(links) => setDialog({ kind: 'bulk', links })}
          sharedLink={sharedLink} onSharedLinkTaken={forgetSharedLink} />
        {!wishlist.surprise && (
          <Switch label={t('list.showPurchased')} checked={showPurchased} onChange={(e) => setShowPurchased(e.currentTarget.checked)} className="ww-show-purchased" />
        )}
      </div>
      {wishlist.surprise && <SurpriseNote surprise={wishlist.surprise} />}
      {wishlist.role !== 'editor' && <FollowerCountNote listId={wishlist._id} />}
      {wishlist.role === 'owner' && wishlist.showSuggestions && <OwnerSuggestions listId={wishlist._id} />}

      {visibleItems.length === 0 ? (
        <p className="ww-empty-items">
          {wishlist.items.length === 0 ? t('list.noItems') : t('list.allPurchased')}
        </p>
      ) : (
        <div className="ww-item-list" ref={listRef}>
          {pageItems.map((item) => (
            <OwnerItemCard
              key={item._id}
              listId={wishlist._id}
              item={item}
              currency={currency}
              showPurchases={showPurchased}
              surprise={wishlist.surprise !== null}
              actions={itemActions}
              order={order.handleProps(item)}
            />
          ))}
        </div>
      )}
      <div role="status" aria-live="assertive" className="ww-visually-hidden">
        {order.announcement}
      </div>
      <Pager page={page} pageCount={pageCount} onPage={setPage} />

      {dialog?.kind === 'item' && (
        <ItemFormDialog
          wishlistId={wishlist._id}
          initial={dialog.draft}
          itemId={dialog.itemId}
          defaultCurrency={currency}
          onClose={close}
          onSaved={(item) => change((list) => withItem(list, item))}
          onGone={() => void reload()}
          onManyLinks={dialog.itemId ? undefined : (links) => setDialog({ kind: 'bulk', links })}
        />
      )}
      {dialog?.kind === 'bulk' && (
        <BulkAddDialog
          wishlistId={wishlist._id}
          links={dialog.links}
          onClose={close}
          onAdded={(items) => {
            close();
            change((list) => ({ ...list, items: [...items, ...list.items] }));
          }}
        />
      )}
      {dialog?.kind === 'edit-list' && (
        <WishlistFormDialog
          wishlist={wishlist}
          onClose={close}
          onSaved={(saved) => change(() => saved)}
          onEditorsChanged={(editors) => change((list) => ({ ...list, editors }))}
        />
      )}
      {dialog?.kind === 'share-email' && <ShareEmailDialog wishlistId={wishlist._id} onClose={close} />}
      {dialog?.kind === 'move-copy' && (
        <MoveCopyDialog
          sourceListId={wishlist._id}
          item={dialog.item}
          onClose={close}
          onDone={(action) => action === 'move' && change((list) => withoutItem(list, dialog.item._id))}
        />
      )}
      <ConfirmDeleteAlert
        isOpen={dialog?.kind === 'delete-item'}
        onCancel={close}
        onConfirm={() => dialog?.kind === 'delete-item' && deleteItem(dialog.item)}
      >
        <p>{t('list.deleteItemConfirm', { title: dialog?.kind === 'delete-item' ? dialog.item.title : '' })}</p>
      </ConfirmDeleteAlert>
    </div>
  );
}

/** `?add=` holds a link shared to the app (ShareTargetPage); dropped once taken, so a reload adds nothing. */
function useSharedLink() {
  const [params, setParams] = useSearchParams();
  const forgetSharedLink = useCallback(() => {
    setParams(
      (current) => {
        const kept = new URLSearchParams(current);
        kept.delete('add');
        return kept;
      },
      { replace: true },
    );
  }, [setParams]);
  return { sharedLink: params.get('add'), forgetSharedLink };
}

/** Why guests cannot open the list right now, if they cannot. */
function GuestAccessNotice({ wishlist }: { wishlist: Wishlist }) {
  const { t } = useTranslation();
  const dayOf = useDayFormat();
  const status = wishlistDisplayStatus(wishlist);
  if (status === 'Disabled') {
    return <Callout intent="danger">{t('list.disabled')}</Callout>;
  }
  if (status === 'Expired' && wishlist.expiresAt) {
    return <Callout intent="warning">{t('list.expired', { day: dayOf(wishlist.expiresAt) })}</Callout>;
  }
  return null;
}
