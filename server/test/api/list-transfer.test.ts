import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountExport, ImportResult, ListExport } from '@wishwell/shared/list-transfer-types';
import type { Item, Wishlist, WishlistSummary } from '@wishwell/shared/wishlist-types';
import { ApiClient } from '../support/api-client';
import { createApiToken } from '../support/api-tokens';
import { startTestServer, type TestServer } from '../support/test-server';
import { addEditor, addItem, guestWithList, signUp, type Account } from '../support/wishlists';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  await signUp(server.url, 'Admin');
});
afterAll(async () => {
  await server.stop();
});

/** A list with every setting changed from its default and items of every kind of field. */
async function fullList(owner: Account): Promise<Wishlist> {
  const list = (
    await owner.client.post<Wishlist>('/wishlists', {
      name: 'Birthday 2027',
      description: 'Things I would like, "really".',
      theme: 'Birthday',
      isRecurring: true,
      eventDate: '2027-03-14',
      colorSet: 'festive',
      allowOverPledge: true,
    })
  ).body;
  await addItem(owner.client, list._id, { title: 'Plain note', notes: '=SUM(A1:A9) is not a formula' });
  await addItem(owner.client, list._id, {
    title: 'Kettle, "steel"',
    url: 'https://shop.example.com/kettle?colour=red',
    price: '49.99',
    currency: 'EUR',
    quantity: 2,
    priority: 'High',
    notes: 'Line one\nline two; with a semicolon',
    description: 'From the shop',
    imageUrl: '/uploads/abcdef.png',
  });
  await addItem(owner.client, list._id, { title: 'Book', price: 'Price not found', priority: 'Low' });
  return list;
}

const exportOf = async (who: Account, listId: string, format: 'json' | 'csv' = 'json') => who.client.get(`/wishlists/${listId}/export?format=${format}`);
const listCount = async (who: Account) => (await who.client.get<WishlistSummary[]>('/wishlists')).body.length;
/** What a round trip must keep: the export without its time of export. */
const content = (file: ListExport) => ({ list: file.list, items: file.items });

describe('export and import', () => {
  it('imports a JSON export into a new list equal to the exported one', async () => {
    const owner = await signUp(server.url, 'Rita');
    const list = await fullList(owner);
    const exported = await exportOf(owner, list._id);
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-disposition')).toBe('attachment; filename="Birthday-2027.json"');
    const file = exported.body as ListExport;
    expect(file.items.map((item) => item.title)).toEqual(['Plain note', 'Kettle, "steel"', 'Book']);

    const imported = await owner.client.post<ImportResult>('/wishlists/import', { content: JSON.stringify(file) });
    expect(imported.status).toBe(200);
    expect(imported.body).toMatchObject({ wishlist: { name: 'Birthday 2027' }, format: 'json', itemCount: 3, skipped: [] });
    expect(imported.body.wishlist._id).not.toBe(list._id);
    const again = (await exportOf(owner, imported.body.wishlist._id)).body as ListExport;
    expect(content(again)).toEqual(content(file));
  });

  it('imports a CSV export into a new list whose CSV is the same, formula-like text kept as text', async () => {
    const owner = await signUp(server.url, 'Carl');
    const list = await fullList(owner);
    const exported = await exportOf(owner, list._id, 'csv');
    expect(exported.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const csv = exported.body as string;
    expect(csv.split('\r\n')[0]).toBe('title,url,price,currency,quantity,priority,notes,description,imageUrl,isGroupGift');
    // A spreadsheet shows the note as text instead of running it.
    expect(csv).toContain(",'=SUM(A1:A9) is not a formula,");

    const imported = await owner.client.post<ImportResult>('/wishlists/import', { content: csv, name: 'From a spreadsheet' });
    expect(imported.body).toMatchObject({ wishlist: { name: 'From a spreadsheet' }, format: 'csv', itemCount: 3, skipped: [] });
    expect((await exportOf(owner, imported.body.wishlist._id, 'csv')).body).toBe(csv);
    const items = (await owner.client.get<Wishlist>(`/wishlists/${imported.body.wishlist._id}`)).body.items;
    expect(items.find((item) => item.title === 'Plain note')!.notes).toBe('=SUM(A1:A9) is not a formula');
  });

  it('reads a spreadsheet CSV with semicolons, its own column order and unknown columns, and says what it left out', async () => {
    const owner = await signUp(server.url, 'Sina');
    const csv = 'Title;Price;Colour\nBike;"1.299,00";red\n;;\nBell;4,50;\n'.replace('Title', 'title').replace('Price', 'price');
    const imported = await owner.client.post<ImportResult>('/wishlists/import', { content: csv, name: 'Semicolons' }, { headers: { 'accept-language': 'de' } });
    expect(imported.status).toBe(200);
    expect(imported.body.skipped).toEqual(['Die Spalte „Colour“ kennt Wishwell nicht und hat sie ausgelassen.']);
    const items = (await owner.client.get<Wishlist>(`/wishlists/${imported.body.wishlist._id}`)).body.items;
    expect(items.map((item) => [item.title, item.price])).toEqual([
      ['Bike', '1299.00'],
      ['Bell', '4.50'],
    ]);
  });

  it('refuses a malformed file naming its first bad row, and creates nothing', async () => {
    const owner = await signUp(server.url, 'Mona');
    const before = await listCount(owner);
    const csv = 'title,price,quantity\nLamp,12.00,1\nRug,abc,1\nVase,3.00,zero\n';
    const refused = await owner.client.post('/wishlists/import', { content: csv, name: 'Broken' });
    expect([refused.status, refused.body]).toEqual([400, { message: 'Row 3: price "abc" is not a number' }]);
    const german = await owner.client.post('/wishlists/import', { content: csv, name: 'Broken' }, { headers: { 'accept-language': 'de' } });
    expect(german.body).toEqual({ message: 'Zeile 3: price „abc“ ist keine Zahl' });

    const json = { format: 'wishwell-list', version: 1, list: { name: 'Broken' }, items: [{ title: 'Fine' }, { title: 'Bad', quantity: 0 }] };
    const badJson = await owner.client.post('/wishlists/import', { content: JSON.stringify(json) });
    expect(badJson.body).toEqual({ message: 'Item 2: quantity "0" is not a whole number from 1 to 100000' });
    const unclosed = await owner.client.post('/wishlists/import', { content: 'title,notes\nA,"never closed\nB,x\n', name: 'Broken' });
    expect(unclosed.body).toEqual({ message: 'Row 2: a quoted value is not closed' });
    expect((await owner.client.post('/wishlists/import', { content: '{"format": "wishwell-list",', name: 'x' })).body).toEqual({
      message: 'The file looks like JSON but cannot be read as JSON.',
    });
    expect((await owner.client.post('/wishlists/import', { content: 'no links here', name: 'x' })).status).toBe(400);
    const tooLarge = await owner.client.post('/wishlists/import', { content: 'x'.repeat(1_100_000), name: 'Huge' });
    expect(tooLarge.status).toBe(413);
    expect(await listCount(owner)).toBe(before);
  });

  it('imports any text holding links: each link an item, titled by the words beside it', async () => {
    const owner = await signUp(server.url, 'Lina');
    const mail = [
      'Hi! Some ideas for my birthday:',
      '- Lego castle: https://toys.example.com/lego/castle?id=7.',
      'https://books.example.org/the-hobbit',
      'and again the castle https://toys.example.com/lego/castle?id=7 (same one)',
      'Thanks, Lina',
    ].join('\n');
    const imported = await owner.client.post<ImportResult>('/wishlists/import', { content: mail, name: 'Ideas' });
    expect(imported.body).toMatchObject({ format: 'links', itemCount: 2 });
    const items = (await owner.client.get<Wishlist>(`/wishlists/${imported.body.wishlist._id}`)).body.items;
    expect(items.map((item) => [item.title, item.url])).toEqual([
      ['Lego castle', 'https://toys.example.com/lego/castle?id=7'],
      ['books.example.org/the-hobbit', 'https://books.example.org/the-hobbit'],
    ]);
  });
});

describe('who may export, and what an export holds', () => {
  it('lets the owner, editors and the guest list holder export; no stranger, guest or signed-out caller', async () => {
    const owner = await signUp(server.url, 'Omar');
    const editor = await signUp(server.url, 'Edna');
    const stranger = await signUp(server.url, 'Stan');
    const list = await fullList(owner);
    await addEditor(server.output, owner, list._id, editor);
    expect((await exportOf(editor, list._id, 'csv')).status).toBe(200);
    expect((await exportOf(stranger, list._id)).status).toBe(403);
    expect((await new ApiClient(server.url).get(`/wishlists/${list._id}/export`)).status).toBe(401);
    const guest = await guestWithList(server.url);
    await addItem(guest.client, guest.list._id, { title: 'Guest item' });
    const guestExport = await guest.client.get<ListExport>(`/wishlists/${guest.list._id}/export`);
    expect(guestExport.body.items.map((item) => item.title)).toEqual(['Guest item']);
    expect((await guest.client.get(`/wishlists/${list._id}/export`)).status).toBe(401);
    // Importing makes a list of an account's: a guest has none.
    expect((await guest.client.post('/wishlists/import', { content: 'https://a.example.com/x', name: 'x' })).status).toBe(401);
  });

  it("keeps the surprise: purchases the owner may not see are not in the owner's export, and buyers' names in none", async () => {
    const owner = await signUp(server.url, 'Sue');
    const list = (await owner.client.post<Wishlist>('/wishlists', { name: 'Surprise', surpriseUntil: new Date(Date.now() + 86_400_000).toISOString() })).body;
    const item = await addItem(owner.client, list._id, { title: 'Drone', quantity: 2 });
    const bought = await new ApiClient(server.url).put(`/wishlists/share/${list._id}/items/${item._id}`, { quantityPurchased: 2, purchasedBy: 'Secret Sam' });
    expect(bought.status).toBe(200);
    const json = await exportOf(owner, list._id);
    expect(json.body.items[0]).toMatchObject({ title: 'Drone', quantityPurchased: 0 });
    expect(JSON.stringify(json.body)).not.toContain('Secret Sam');
    expect((await exportOf(owner, list._id, 'csv')).body).not.toContain('Secret Sam');
    expect(JSON.stringify((await owner.client.get('/users/export')).body)).not.toMatch(/Secret Sam|"quantityPurchased":[1-9]/);

    await owner.client.put(`/wishlists/${list._id}`, { name: 'Surprise', surpriseUntil: null });
    const revealed = await exportOf(owner, list._id);
    expect(revealed.body.items[0]).toMatchObject({ quantityPurchased: 2 });
    expect(JSON.stringify(revealed.body)).not.toContain('Secret Sam');
  });

  it("gives the account's data download: account, lists, reservations, token names, uploads; no secret", async () => {
    const person = await signUp(server.url, 'Dana');
    const friend = await signUp(server.url, 'Fred');
    await fullList(person);
    const friendsList = (await friend.client.post<Wishlist>('/wishlists', { name: "Fred's list" })).body;
    const gift = await addItem(friend.client, friendsList._id, { title: 'Scarf' });
    expect((await person.client.put(`/wishlists/share/${friendsList._id}/items/${gift._id}`, { quantityPurchased: 1, purchasedBy: 'Dana' })).status).toBe(200);
    const token = await createApiToken(person, 'read', { name: 'Spreadsheet sync' });

    const download = await person.client.get<AccountExport>('/users/export');
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toBe('attachment; filename="wishwell-account.json"');
    const data = download.body;
    expect(data.account).toMatchObject({ name: 'Dana', email: person.email });
    expect(data.lists.map((list) => [list.list.name, list.items.length])).toEqual([['Birthday 2027', 3]]);
    expect(data.reservations.map((claim) => [claim.item.title, claim.list.name])).toEqual([['Scarf', "Fred's list"]]);
    expect(data.apiTokens).toEqual([expect.objectContaining({ name: 'Spreadsheet sync', scope: 'read' })]);
    const text = JSON.stringify(data);
    expect(text).not.toContain(token.token);
    expect(text).not.toMatch(/passwordHash|tokenHash|argon2/);
    expect(text).not.toContain(friend.email);
    expect((await new ApiClient(server.url).get('/users/export')).status).toBe(401);
  });
});

describe('adding many items at once', () => {
  it('adds them together in the order given, for the owner and for a guest list holder', async () => {
    const owner = await signUp(server.url, 'Bea');
    const list = (await owner.client.post<Wishlist>('/wishlists', { name: 'Bulk' })).body;
    const added = await owner.client.post<Item[]>(`/wishlists/${list._id}/items/bulk`, {
      items: [{ title: 'First', url: 'https://a.example.com/1', price: '10.00' }, { title: 'Second' }, { title: 'Third', quantity: 3 }],
    });
    expect(added.status).toBe(200);
    const items = (await owner.client.get<Wishlist>(`/wishlists/${list._id}`)).body.items;
    expect(items.map((item) => item.title)).toEqual(['First', 'Second', 'Third']);

    const guest = await guestWithList(server.url);
    expect((await guest.client.post(`/wishlists/${guest.list._id}/items/bulk`, { items: [{ title: 'A' }, { title: 'B' }] })).status).toBe(200);
    expect((await guest.client.post(`/wishlists/${list._id}/items/bulk`, { items: [{ title: 'Sneaky' }] })).status).toBe(401);
  });

  it('refuses the whole batch naming the bad item, and more than 100 at once', async () => {
    const owner = await signUp(server.url, 'Ned');
    const list = (await owner.client.post<Wishlist>('/wishlists', { name: 'Bulk' })).body;
    const refused = await owner.client.post(`/wishlists/${list._id}/items/bulk`, { items: [{ title: 'Fine' }, { title: 'Bad link', url: 'javascript:alert(1)' }] });
    expect([refused.status, refused.body]).toEqual([400, { message: 'Item 2: The product address must be a web address starting with http:// or https://.' }]);
    const many = await owner.client.post(`/wishlists/${list._id}/items/bulk`, { items: Array.from({ length: 101 }, (_, i) => ({ title: `Item ${i}` })) });
    expect([many.status, many.body]).toEqual([400, { message: 'At most 100 items can be added at once.' }]);
    expect((await owner.client.get<Wishlist>(`/wishlists/${list._id}`)).body.items).toEqual([]);
  });
});
