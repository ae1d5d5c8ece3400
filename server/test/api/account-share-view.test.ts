/**
 * Finding 5: the cached share view follows account changes at once: a renamed owner shows under
 * the new name, a deleted account's lists answer 404 to guests (not up to a minute later).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Wishlist } from '@wishwell/shared/wishlist-types';
import { ApiClient } from '../support/api-client';
import { startTestServer, type TestServer } from '../support/test-server';
import { addItem, signUp } from '../support/wishlists';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  await signUp(server.url, 'Admin');
});
afterAll(() => server.stop());

async function ownerWithSharedList(name: string) {
  const owner = await signUp(server.url, name);
  const list = (await owner.client.post<Wishlist>('/wishlists', { name: 'Wedding', theme: 'Wedding' })).body;
  await addItem(owner.client, list._id);
  const guest = new ApiClient(server.url);
  const first = await guest.get(`/wishlists/share/${list._id}`);
  expect(first.status).toBe(200);
  expect(first.body.user.name).toBe(name);
  return { owner, listId: list._id, guest };
}

describe('the share view after account changes', () => {
  it('shows the owner under a new name and currency right after the profile change', async () => {
    const { owner, listId, guest } = await ownerWithSharedList('Olivia Before');
    const changed = await owner.client.put('/users/profile', { name: 'Olivia After', email: owner.email, country: 'United States' });
    expect(changed.status).toBe(200);
    const view = await guest.get(`/wishlists/share/${listId}`);
    expect(view.body.user).toEqual({ name: 'Olivia After', currency: 'USD' });
  });

  it("answers 404 for a deleted account's list right after the deletion", async () => {
    const { owner, listId, guest } = await ownerWithSharedList('Dora Deleted');
    expect((await owner.client.delete('/users/profile')).status).toBe(200);
    const view = await guest.get(`/wishlists/share/${listId}`);
    expect(view.status).toBe(404);
    const purchase = await guest.put(`/wishlists/share/${listId}/items/x`, { quantityPurchased: 1 });
    expect(purchase.status).toBe(404);
  });
});
