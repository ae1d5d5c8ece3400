import { useCallback, useEffect, useRef, useState, type FocusEvent, type KeyboardEvent, type PointerEvent } from 'react';
import { movedTo } from '@wishwell/shared/item-order';
import type { Item, Wishlist } from '@wishwell/shared/wishlist-types';
import { api, errorMessage } from '../../api/client';
import { useTranslation } from '../../i18n/react';
import { notify } from '../../notifications/notify';

/** What a handle needs: its item's events, and whether that item is the one being moved. */
export interface ItemOrderHandleProps {
  lifted: boolean;
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
  onPointerDown: (event: PointerEvent<HTMLElement>) => void;
  onBlur: (event: FocusEvent<HTMLElement>) => void;
}

interface Lifted {
  id: string;
  /** The list's order before the move (Escape and a failed save go back to it). */
  before: string[];
}

const idsOf = (items: readonly Item[]) => items.map((item) => item._id);

/** `list` with its items in the order of `ids`. */
function inOrder(list: Wishlist, ids: readonly string[]): Wishlist {
  const byId = new Map(list.items.map((item) => [item._id, item]));
  return { ...list, items: ids.flatMap((id) => byId.get(id) ?? []) };
}

/**
 * Arranging the list's items: a handle per card, dragged with a pointer or lifted with Space,
 * moved with the arrow keys and dropped with Space (Escape cancels). `shown` is the order on
 * screen (purchased ones may be hidden): a move passes the neighbour shown. The new order is
 * saved when the item is dropped; what happens is said in `announcement` (a live region).
 */
export function useItemOrder(wishlist: Wishlist, shown: readonly Item[], change: (update: (current: Wishlist) => Wishlist) => void, onMoved: (index: number) => void) {
  const { t } = useTranslation();
  const [lifted, setLifted] = useState<Lifted | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const listRef = useRef(wishlist);
  listRef.current = wishlist;
  const shownIds = idsOf(shown);

  const placeOf = useCallback(
    (id: string, ids = shownIds) => {
      const item = listRef.current.items.find((each) => each._id === id);
      return { title: item?.title ?? '', position: ids.indexOf(id) + 1, count: ids.length };
    },
    [shownIds],
  );

  const moveOnto = (id: string, target: string) => {
    change((list) => inOrder(list, movedTo(idsOf(list.items), id, target)));
  };

  const save = async (moving: Lifted) => {
    const itemIds = idsOf(listRef.current.items);
    if (itemIds.join() === moving.before.join()) return;
    try {
      await api.put('/wishlists/:id/items/order', { params: { id: wishlist._id }, body: { itemIds } });
    } catch (error) {
      change((list) => inOrder(list, moving.before));
      notify(errorMessage(error, t('list.reorderFailed')), 'error');
    }
  };

  const drop = () => {
    if (!lifted) return;
    setLifted(null);
    setAnnouncement(t('list.reorderDropped', placeOf(lifted.id)));
    void save(lifted);
  };

  const cancel = () => {
    if (!lifted) return;
    setLifted(null);
    change((list) => inOrder(list, lifted.before));
    const shownBefore = lifted.before.filter((id) => shownIds.includes(id));
    setAnnouncement(t('list.reorderCancelled', placeOf(lifted.id, shownBefore)));
  };

  const step = (id: string, by: -1 | 1) => {
    const target = shownIds[shownIds.indexOf(id) + by];
    if (!target) return;
    moveOnto(id, target);
    const ids = movedTo(shownIds, id, target);
    onMoved(ids.indexOf(id));
    setAnnouncement(t('list.reorderMoved', placeOf(id, ids)));
  };

  const lift = (id: string) => {
    setLifted({ id, before: idsOf(wishlist.items) });
    setAnnouncement(t('list.reorderLifted', placeOf(id)));
  };

  // A card moved in the page loses focus on the way: its handle keeps it while lifted.
  useEffect(() => {
    if (lifted) handleOf(lifted.id)?.focus();
  }, [lifted, wishlist.items]);

  const handleProps = (item: Item): ItemOrderHandleProps => ({
    lifted: lifted?.id === item._id,
    onKeyDown: (event) => {
      const isLifted = lifted?.id === item._id;
      if (event.key === ' ' || event.key === 'Enter') {
        event.preventDefault();
        if (isLifted) drop();
        else lift(item._id);
      } else if (isLifted && (event.key === 'ArrowUp' || event.key === 'ArrowDown')) {
        event.preventDefault();
        step(item._id, event.key === 'ArrowUp' ? -1 : 1);
      } else if (isLifted && event.key === 'Escape') {
        event.preventDefault();
        cancel();
      }
    },
    onPointerDown: (event) => {
      if (event.button !== 0) return;
      event.preventDefault();
      const moving = { id: item._id, before: idsOf(wishlist.items) };
      setLifted(moving);
      dragWith(event.pointerId, item._id, {
        over: (target) => moveOnto(item._id, target),
        end: (cancelled) => {
          setLifted(null);
          if (cancelled) change((list) => inOrder(list, moving.before));
          else void save(moving);
        },
      });
    },
    // Focus taken elsewhere (Tab, a click) drops the item where it is.
    onBlur: (event) => {
      if (lifted?.id === item._id && event.relatedTarget) drop();
    },
  });

  return { handleProps, announcement };
}

const handleOf = (id: string) => document.querySelector<HTMLElement>(`[data-item-id="${CSS.escape(id)}"] .ww-order-handle`);

/**
 * Follows the pointer until it is let go (on the window: the card, handle and all, moves in the
 * page meanwhile, which would end a capture): over another card past its middle
 * (in the direction of travel, so cards of different heights do not swap back and forth), the
 * item takes that card's place.
 */
function dragWith(pointerId: number, id: string, on: { over: (target: string) => void; end: (cancelled: boolean) => void }) {
  const move = (event: globalThis.PointerEvent) => {
    if (event.pointerId !== pointerId) return;
    const card = document.elementFromPoint(event.clientX, event.clientY)?.closest<HTMLElement>('[data-item-id]');
    const target = card?.dataset.itemId;
    if (!card || !target || target === id) return;
    const cards = [...(card.parentElement?.querySelectorAll<HTMLElement>('[data-item-id]') ?? [])];
    const goingDown = cards.findIndex((each) => each.dataset.itemId === id) < cards.indexOf(card);
    const { top, height } = card.getBoundingClientRect();
    if (goingDown === event.clientY > top + height / 2) on.over(target);
  };
  const finish = (cancelled: boolean) => (event: globalThis.PointerEvent) => {
    if (event.pointerId !== pointerId) return;
    window.removeEventListener('pointermove', move);
    window.removeEventListener('pointerup', dropped);
    window.removeEventListener('pointercancel', cancelledDrag);
    on.end(cancelled);
  };
  const dropped = finish(false);
  const cancelledDrag = finish(true);
  window.addEventListener('pointermove', move);
  window.addEventListener('pointerup', dropped);
  window.addEventListener('pointercancel', cancelledDrag);
}
