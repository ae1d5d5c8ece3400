/** Actors for the wish list API tests: accounts signed up through the real API, and guests. */
import { ApiClient } from './api-client';
import { uploadPng } from './backups';
import type { Item, Wishlist } from '@wishwell/shared/wishlist-types';

let accounts = 0;

export interface Account {
  client: ApiClient;
  id: string;
  name: string;
  email: string;
  /** The session token, for calls through the bearer path. */
  token: string;
}

/** Registers a new account (the first one on a server becomes its admin) and keeps its session. */
export async function signUp(baseUrl: string, name = 'Person'): Promise<Account> {
  const client = new ApiClient(baseUrl);
  const email = `${name.toLowerCase().replace(/\W+/g, '')}.${Date.now()}.${++accounts}@example.com`;
  const res = await client.post('/users/register', { name, email, password: 'correct horse battery', domain: 'localhost' });
  if (res.status >= 300) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { client, id: res.body._id, name, email, token: res.body.token };
}

/** A browser without an account that creates a guest list (and so holds its capability cookie). */
export async function guestWithList(baseUrl: string): Promise<{ client: ApiClient; list: Wishlist }> {
  const client = new ApiClient(baseUrl);
  const res = await client.post<Wishlist>('/wishlists/guest', { name: 'My New Wishlist', theme: 'Other' });
  if (res.status !== 200) throw new Error(`guest list failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { client, list: res.body };
}

export async function addItem(client: ApiClient, listId: string, fields: Record<string, unknown> = {}): Promise<Item> {
  const res = await client.post<Item>(`/wishlists/${listId}/items`, { title: 'Board game', ...fields });
  if (res.status !== 200) throw new Error(`add item failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** An item of a list as its owner (or an editor) reads it. */
export async function ownerItem(owner: ApiClient, listId: string, itemId: string): Promise<Item> {
  return (await owner.get<Wishlist>(`/wishlists/${listId}`)).body.items.find((item) => item._id === itemId)!;
}

/**
 * The invitation link of the newest invitation mail to `email`, read from the server's output
 * (without SMTP_URL the server prints every mail; mails go out just after the answer).
 */
export async function printedInvitationToken(output: () => string, email: string, after = 0): Promise<string> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const mails = output().slice(after).split('[mail]').filter((mail) => mail.includes(`To: ${email}\n`));
    const token = mails.at(-1)?.match(/\/invitations\/([\w-]+)/)?.[1];
    if (token) return token;
    if (Date.now() > deadline) throw new Error(`no invitation mail to ${email} in the server output`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The owner invites `editor` to the list and the editor accepts: the way editors join. */
export async function addEditor(output: () => string, owner: Account, listId: string, editor: Account): Promise<void> {
  const before = output().length;
  const invited = await owner.client.post(`/wishlists/${listId}/editors`, { email: editor.email });
  if (invited.status !== 200) throw new Error(`invite failed: ${invited.status} ${JSON.stringify(invited.body)}`);
  const token = await printedInvitationToken(output, editor.email, before);
  const accepted = await editor.client.post(`/invitations/${token}/accept`);
  if (accepted.status !== 200) throw new Error(`accept failed: ${accepted.status} ${JSON.stringify(accepted.body)}`);
}

/**
 * A small instance with something in every part that moves with a backup: Ada (its admin), Bob's
 * list with a cover upload and two items (one with non-ASCII notes), a guest list with a
 * purchase. Answers Ada.
 */
export async function seedSampleInstance(baseUrl: string): Promise<Account> {
  const ada = await signUp(baseUrl, 'Ada');
  const bob = await signUp(baseUrl, 'Bob');
  const list = (await bob.client.post('/wishlists', { name: 'Birthday', coverImage: await uploadPng(bob.client) })).body;
  await addItem(bob.client, list._id, { title: 'Teapot', price: '24.50', quantity: 3, description: 'Blue, with a lid', notes: 'Ünïcödé ✓' });
  await addItem(bob.client, list._id, { title: 'Kite', url: 'https://shop.example/kite' });
  const { client: guest, list: guestList } = await guestWithList(baseUrl);
  const wish = await addItem(guest, guestList._id, { title: 'Guest wish', quantity: 2 });
  await new ApiClient(baseUrl).put(`/wishlists/share/${guestList._id}/items/${wish._id}`, { purchasedBy: 'Aunt May', quantityPurchased: 1 });
  return ada;
}
