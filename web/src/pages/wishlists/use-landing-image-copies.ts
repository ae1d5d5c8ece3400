import { useEffect, useRef } from 'react';
import type { Item, Wishlist } from '@wishwell/shared/wishlist-types';
import { api } from '../../api/client';

/** The first look for finished copies, and the longest wait between looks (each waits 1.5 times longer). */
const FIRST_LOOK_MS = 2_000;
const LONGEST_WAIT_MS = 30_000;

/**
 * While items on the open page wait for the server's copy of their shop image, looks at the list
 * again now and then (sooner after an item is added, less often the longer it takes, never while
 * the tab is hidden) and swaps each copy in once the browser has it loaded, so the picture
 * changes in place with no blank moment and no reload.
 */
export function useLandingImageCopies(wishlist: Wishlist, change: (update: (current: Wishlist) => Wishlist) => void): void {
  const changeRef = useRef(change);
  useEffect(() => {
    changeRef.current = change;
  });
  const pendingIds = wishlist.items.filter((item) => item.imageCopyPending).map((item) => item._id).join(' ');
  const listId = wishlist._id;

  useEffect(() => {
    if (!pendingIds) return;
    let stopped = false;
    let wait = FIRST_LOOK_MS;
    let timer = setTimeout(function look() {
      void lookForCopies(listId, pendingIds.split(' ')).then((landed) => {
        if (stopped) return;
        if (landed.length > 0) changeRef.current((current) => withLandedCopies(current, landed));
        wait = Math.min(wait * 1.5, LONGEST_WAIT_MS);
        timer = setTimeout(look, wait);
      });
    }, wait);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [listId, pendingIds]);
}

/** The pending items whose copy is settled (made, or given up), each copy loaded by the browser first. */
async function lookForCopies(listId: string, pendingIds: string[]): Promise<Item[]> {
  if (document.visibilityState === 'hidden') return [];
  const fresh = await api.get('/wishlists/:id', { params: { id: listId } }).catch(() => null);
  const settled = fresh?.items.filter((item) => pendingIds.includes(item._id) && !item.imageCopyPending) ?? [];
  await Promise.all(settled.map((item) => loaded(item.displayImageUrl)));
  return settled;
}

/** Resolves once the browser has the picture decoded (or could not load it: the thumbnail shows its placeholder then). */
function loaded(url: string): Promise<void> {
  const image = new Image();
  image.src = url;
  return image.decode().catch(() => undefined);
}

/** The list with each landed copy in place, unless the owner changed that item's image meanwhile. */
function withLandedCopies(list: Wishlist, landed: Item[]): Wishlist {
  const byId = new Map(landed.map((item) => [item._id, item]));
  return {
    ...list,
    items: list.items.map((item) => {
      const settled = byId.get(item._id);
      return settled && settled.imageUrl === item.imageUrl ? { ...item, displayImageUrl: settled.displayImageUrl, imageCopyPending: false } : item;
    }),
  };
}
