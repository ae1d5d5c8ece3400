import type { ClaimChangeInput } from '@wishwell/shared/wishlist-types';
import { api } from '../../api/client';

/** Where a claim is changed and undone: the guest's manage token (/claims/{token}) or the signed-in buyer's reservation (/reservations/{id}). */
export type ClaimHandle = { token: string } | { reservationId: string };

/** A claim read by its manage token (only guests' tokens are read one by one; reservations come as a list). */
export const readClaim = (token: string) => api.get('/claims/:token', { params: { token } });

export const changeClaim = (handle: ClaimHandle, body: ClaimChangeInput) =>
  'token' in handle ? api.put('/claims/:token', { params: handle, body }) : api.put('/reservations/:id', { params: { id: handle.reservationId }, body });

export const undoClaim = (handle: ClaimHandle) =>
  'token' in handle ? api.delete('/claims/:token', { params: handle }) : api.delete('/reservations/:id', { params: { id: handle.reservationId } });
