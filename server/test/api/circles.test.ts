/**
 * Gift circles and suggestions (issue 38): joining by link or mail, the lists members share, who
 * among the members reserved what, gift ideas on someone else's list, and what the list's owner
 * never learns of either. The access matrix calls every new route as each role.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Circle, CircleInvitePreview, CircleSummary, Suggestion } from '@wishwell/shared/circle-types';
import type { SharedWishlist, Wishlist } from '@wishwell/shared/wishlist-types';
import { ApiClient, type ApiResponse } from '../support/api-client';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp';
import { startTestServer, withStore, type TestServer } from '../support/test-server';
import { ManualClock } from '../support/manual-clock';
import { eq } from 'drizzle-orm';
import { hashSecret } from '../../src/ids';
import { addItem, guestWithList, signUp, type Account } from '../support/wishlists';

const LIMITS = { CIRCLES_PER_USER: '3', CIRCLE_MEMBERS: '4', RATE_LIMIT_CIRCLE_INVITE_USER: '3', SUGGESTIONS_PER_LIST: '3' };

let smtp: TestSmtpServer;
let server: TestServer;
/** The server's clock: members who join one after another get distinct join times (who joined first runs a circle whose creator left). */
const clock = new ManualClock();
let admin: Account;

beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startTestServer({ env: { SMTP_URL: smtp.url, ...LIMITS }, clock });
  admin = await signUp(server.url, 'Admin');
});
afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
});

const tokenOf = (link: string) => link.match(/\/circles\/join\/([\w-]+)$/)![1]!;

/** A circle `creator` made, with `others` joined by its invite link. */
async function circleOf(creator: Account, others: Account[] = [], name = 'Family'): Promise<Circle> {
  const made = await creator.client.post<Circle>('/circles', { name });
  expect(made.status).toBe(200);
  const token = tokenOf(made.body.inviteLink!);
  for (const other of others) {
    await clock.advance(1);
    expect((await other.client.post(`/circles/join/${token}`)).status).toBe(200);
  }
  return made.body;
}

const newList = async (who: Account, fields: Record<string, unknown> = {}) => (await who.client.post<Wishlist>('/wishlists', { name: `${who.name}'s list`, ...fields })).body;
const share = (who: Account, circleId: string, wishlistIds: string[]) => who.client.put<Circle>(`/circles/${circleId}/lists`, { wishlistIds });
const viewOf = async (who: Account, circleId: string) => (await who.client.get<Circle>(`/circles/${circleId}`)).body;
const listIn = (view: Circle, listId: string) => view.members.flatMap((member) => member.lists).find((list) => list._id === listId)!;

describe('a circle', () => {
  it('shows each member the lists the others share, who among the members reserved what, and suggestions; the owner sees none of it', async () => {
    const [ann, ben, cat] = [await signUp(server.url, 'Ann'), await signUp(server.url, 'Ben'), await signUp(server.url, 'Cat')];
    const circle = await circleOf(ann, [ben, cat]);
    const bens = await newList(ben);
    const [bike, book] = [await addItem(ben.client, bens._id, { title: 'Bike' }), await addItem(ben.client, bens._id, { title: 'Book', quantity: 2 })];
    expect((await share(ben, circle._id, [bens._id])).body.mySharedListIds).toEqual([bens._id]);

    // Ann reserves the bike on the list (as any signed-in visitor of the share page does), a guest one book, and Ann suggests a kite and reserves it.
    expect((await ann.client.put(`/wishlists/share/${bens._id}/items/${bike._id}`, { quantityPurchased: 1 })).status).toBe(200);
    expect((await new ApiClient(server.url).put(`/wishlists/share/${bens._id}/items/${book._id}`, { purchasedBy: 'Aunt May', quantityPurchased: 1 })).status).toBe(200);
    const kite = await ann.client.post<Suggestion>(`/wishlists/${bens._id}/suggestions`, { title: 'Kite', price: '12.00', currency: 'EUR' });
    expect([kite.status, kite.body]).toMatchObject([201, { title: 'Kite', suggestedBy: 'Ann', reservedBy: '', mine: true }]);
    expect((await ann.client.put<Suggestion[]>(`/wishlists/${bens._id}/suggestions/${kite.body._id}/reservation`)).body[0]).toMatchObject({ reservedBy: 'Ann', reservedByMe: true });

    // Cat, a member, sees it all: Ann by name, the guest only in the count.
    const catsView = listIn(await viewOf(cat, circle._id), bens._id);
    expect(catsView.items.map((item) => [item.title, item.quantityPurchased, item.reservations])).toEqual([
      ['Bike', 1, [{ name: 'Ann', quantity: 1 }]],
      ['Book', 1, []],
    ]);
    expect(catsView.suggestions).toMatchObject([{ title: 'Kite', suggestedBy: 'Ann', reservedBy: 'Ann', mine: false, reservedByMe: false }]);
    // Cat cannot take the reserved kite; she may add her own idea.
    expect((await cat.client.put(`/wishlists/${bens._id}/suggestions/${kite.body._id}/reservation`)).body).toEqual({ message: 'Someone has already reserved this suggestion.' });

    // Ben, the owner: his own list in the circle without items or suggestions, none in his list, its share view, its export, his account's export.
    const bensView = await viewOf(ben, circle._id);
    expect(listIn(bensView, bens._id)).toMatchObject({ items: [], suggestions: [] });
    expect(JSON.stringify(bensView)).not.toMatch(/Kite|Ann","quantity/);
    for (const path of [`/wishlists/${bens._id}`, `/wishlists/share/${bens._id}`, `/wishlists/${bens._id}/export`, '/users/export', '/wishlists', '/notifications']) {
      expect(JSON.stringify((await ben.client.get(path)).body), path).not.toContain('Kite');
    }
    const refused = await ben.client.get(`/wishlists/${bens._id}/suggestions`);
    expect([refused.status, refused.body]).toEqual([403, { message: 'Suggestions for your own wishlist stay hidden unless you choose to see them.' }]);
    expect((await ben.client.post(`/wishlists/${bens._id}/suggestions`, { title: 'Socks' })).status).toBe(403);
    // A guest with the share link never sees suggestions either.
    expect(JSON.stringify((await new ApiClient(server.url).get<SharedWishlist>(`/wishlists/share/${bens._id}`)).body)).not.toContain('Kite');
    // Unless Ben asks to: then the idea, never who reserved it.
    expect((await ben.client.put(`/wishlists/${bens._id}/show-suggestions`, { show: true })).body).toEqual({ showSuggestions: true });
    expect((await ben.client.get<Suggestion[]>(`/wishlists/${bens._id}/suggestions`)).body).toMatchObject([{ title: 'Kite', reservedBy: null, reservedByMe: false }]);
  });

  it("prices a suggestion naming no currency in the list owner's currency, as an item naming none", async () => {
    const [ann, ben] = [await signUp(server.url, 'Ann'), await signUp(server.url, 'Ben')];
    expect((await ben.client.put('/users/profile', { name: 'Ben', email: ben.email, country: 'United States' })).body.currency).toBe('USD');
    expect((await ann.client.get('/users/profile')).body.currency).not.toBe('USD');
    const circle = await circleOf(ann, [ben]);
    const bens = await newList(ben);
    await share(ben, circle._id, [bens._id]);
    expect((await addItem(ben.client, bens._id, { title: 'Bike', price: '120' })).currency).toBe('USD');
    const kite = await ann.client.post<Suggestion>(`/wishlists/${bens._id}/suggestions`, { title: 'Kite', price: '12' });
    expect([kite.status, kite.body.currency]).toEqual([201, 'USD']);
    const blank = await ann.client.post<Suggestion>(`/wishlists/${bens._id}/suggestions`, { title: 'Ball', currency: '' });
    expect(blank.body.currency).toBe('USD');
  });

  it('puts members with the soonest event first, a recurring date rolled forward', async () => {
    const [ann, ben, cat] = [await signUp(server.url, 'Ann'), await signUp(server.url, 'Ben'), await signUp(server.url, 'Cat')];
    const circle = await circleOf(ann, [ben, cat]);
    const today = new Date();
    const inDays = (days: number) => new Date(today.getTime() + days * 86_400_000).toISOString().slice(0, 10);
    const birthdayLastYear = `${today.getUTCFullYear() - 1}${inDays(10).slice(4)}`;
    const bens = await newList(ben, { eventDate: inDays(40) });
    const cats = await newList(cat, { eventDate: birthdayLastYear, isRecurring: true });
    await share(ben, circle._id, [bens._id]);
    await share(cat, circle._id, [cats._id]);
    const view = await viewOf(ann, circle._id);
    expect(view.members.map((member) => member.name)).toEqual(['Cat', 'Ben', 'Ann']);
    expect(listIn(view, cats._id).nextEvent).toBe(inDays(10));
  });

  it('lets a member share only their own lists and change the choice; leaving takes them out', async () => {
    const [ann, ben] = [await signUp(server.url, 'Ann'), await signUp(server.url, 'Ben')];
    const circle = await circleOf(ann, [ben]);
    const [annsList, bensList] = [await newList(ann), await newList(ben)];
    const refused = await share(ben, circle._id, [annsList._id]);
    expect([refused.status, refused.body]).toEqual([400, { message: 'You can only share your own wishlists with a circle.' }]);
    await share(ben, circle._id, [bensList._id]);
    expect(listIn(await viewOf(ann, circle._id), bensList._id)).toBeDefined();
    // Ann may suggest on it while Ben is in the circle, not after he left.
    expect((await ann.client.post(`/wishlists/${bensList._id}/suggestions`, { title: 'Tea' })).status).toBe(201);
    expect((await ben.client.post<CircleSummary[]>(`/circles/${circle._id}/leave`)).body).toEqual([]);
    expect((await viewOf(ann, circle._id)).members.map((member) => member.name)).toEqual(['Ann']);
    expect((await ann.client.post(`/wishlists/${bensList._id}/suggestions`, { title: 'Tea' })).status).toBe(403);
    expect((await ben.client.get(`/circles/${circle._id}`)).status).toBe(403);
  });

  it('is run by its creator: removes members, hands over, then may leave; the last member leaving ends it', async () => {
    const [ann, ben, cat] = [await signUp(server.url, 'Ann'), await signUp(server.url, 'Ben'), await signUp(server.url, 'Cat')];
    const circle = await circleOf(ann, [ben, cat]);
    const leaveFirst = await ann.client.post(`/circles/${circle._id}/leave`);
    expect([leaveFirst.status, leaveFirst.body]).toEqual([409, { message: 'Hand the circle over to another member before you leave it.' }]);
    expect((await ben.client.delete(`/circles/${circle._id}/members/${cat.id}`)).status).toBe(403);
    expect((await ann.client.delete<Circle>(`/circles/${circle._id}/members/${cat.id}`)).body.members.map((m) => m.name)).toEqual(['Ann', 'Ben']);
    const handed = await ann.client.put<Circle>(`/circles/${circle._id}/creator`, { userId: ben.id });
    expect(handed.body).toMatchObject({ isCreator: false, inviteLink: null });
    expect((await viewOf(ben, circle._id)).isCreator).toBe(true);
    expect((await ann.client.post(`/circles/${circle._id}/leave`)).status).toBe(200);
    expect((await ben.client.post(`/circles/${circle._id}/leave`)).status).toBe(200);
    expect((await ben.client.get(`/circles/${circle._id}`)).status).toBe(404);
  });

  it('passes to the member who joined first when its creator deletes their account', async () => {
    const [ann, ben, cat] = [await signUp(server.url, 'Ann'), await signUp(server.url, 'Ben'), await signUp(server.url, 'Cat')];
    const circle = await circleOf(ann, [ben, cat]);
    expect((await ann.client.delete('/users/profile')).status).toBe(200);
    const bens = await viewOf(ben, circle._id);
    expect(bens.members.map((m) => [m.name, m.isCreator])).toEqual([
      ['Ben', true],
      ['Cat', false],
    ]);
    expect(bens.isCreator).toBe(true);
    expect((await ben.client.post<Circle>(`/circles/${circle._id}/invite-link`)).body.inviteLink).toMatch(/\/circles\/join\//);
    expect((await cat.client.post(`/circles/${circle._id}/invite-link`)).status).toBe(403);
    expect((await ben.client.put<Circle>(`/circles/${circle._id}/creator`, { userId: cat.id })).body.members.map((m) => m.isCreator)).toEqual([false, true]);
  });
});

describe('joining', () => {
  it('mails a link of its own; someone without an account registers and joins with it (once), even while sign-ups are by invitation', async () => {
    const ann = await signUp(server.url, 'Ann');
    const circle = await circleOf(ann, [], 'Cousins');
    const address = `dora.${Date.now()}@example.com`;
    expect((await ann.client.post(`/circles/${circle._id}/invites`, { email: address })).body).toEqual({});
    const mail = await mailTo(address);
    expect(mail.subject).toBe('Ann invited you to the gift circle "Cousins"');
    const token = tokenOf(mail.text.match(/http:\/\/\S+\/circles\/join\/[\w-]+/)![0]);
    expect(token).not.toBe(tokenOf(circle.inviteLink!));

    expect((await admin.client.put('/admin/settings', { registration: 'invite' })).status).toBe(200);
    try {
      const dora = new ApiClient(server.url);
      expect((await dora.get<CircleInvitePreview>(`/circles/join/${token}`)).body).toEqual({ name: 'Cousins', createdBy: 'Ann', memberCount: 1 });
      const registered = await dora.post('/users/register', { name: 'Dora', email: address, password: 'correct horse battery', domain: 'localhost', invitation: token });
      expect(registered.status).toBe(201);
      expect((await dora.post(`/circles/join/${token}`)).body).toEqual({ circleId: circle._id });
      expect((await viewOf(ann, circle._id)).members.map((member) => member.name)).toEqual(['Ann', 'Dora']);
      expect((await new ApiClient(server.url).get(`/circles/join/${token}`)).status).toBe(404);
    } finally {
      await admin.client.put('/admin/settings', { registration: 'open' });
    }
  });

  it('stops the old link (and links mailed so far) working once the creator renews it; the link is only in the answer that made it, and stored only as a hash', async () => {
    const [ann, ben, cat] = [await signUp(server.url, 'Ann'), await signUp(server.url, 'Ben'), await signUp(server.url, 'Cat')];
    const circle = await circleOf(ann, [ben]);
    expect((await viewOf(ben, circle._id)).inviteLink).toBeNull();
    expect((await viewOf(ann, circle._id)).inviteLink).toBeNull();
    const stored = await withStore(server, (store) => store.db.select({ hash: store.tables.circles.joinTokenHash }).from(store.tables.circles).where(eq(store.tables.circles.id, circle._id)));
    expect(stored).toEqual([{ hash: hashSecret(tokenOf(circle.inviteLink!)) }]);
    const address = `late.${Date.now()}@example.com`;
    await ann.client.post(`/circles/${circle._id}/invites`, { email: address });
    const mailed = tokenOf((await mailTo(address)).text.match(/http:\/\/\S+\/circles\/join\/[\w-]+/)![0]);

    const renewed = (await ann.client.post<Circle>(`/circles/${circle._id}/invite-link`)).body.inviteLink!;
    expect(renewed).not.toBe(circle.inviteLink);
    const old = await cat.client.post(`/circles/join/${tokenOf(circle.inviteLink!)}`);
    expect([old.status, old.body]).toEqual([404, { message: 'This invite link no longer works. Ask whoever runs the circle for a new one.' }]);
    expect((await cat.client.post(`/circles/join/${mailed}`)).status).toBe(404);
    expect((await cat.client.post(`/circles/join/${tokenOf(renewed)}`)).status).toBe(200);
  });

  it("drops mailed invitations past their time in the hourly clean-up, keeping live ones", async () => {
    const ann = await signUp(server.url, 'Ann');
    const circle = await circleOf(ann, []);
    const invitation = (tokenHash: string, expiresAt: Date) => ({ tokenHash, circleId: circle._id, email: `${tokenHash}@example.com`, createdAt: new Date(), expiresAt });
    await withStore(server, (store) =>
      store.db.insert(store.tables.circleInvitations).values([invitation(`spent-${circle._id}`, new Date(Date.now() - 60_000)), invitation(`live-${circle._id}`, new Date(Date.now() + 86_400_000))]),
    );
    await server.runJob('circle-invitations.cleanup');
    const left = await withStore(server, (store) => store.db.select({ hash: store.tables.circleInvitations.tokenHash }).from(store.tables.circleInvitations).where(eq(store.tables.circleInvitations.circleId, circle._id)));
    expect(left).toEqual([{ hash: `live-${circle._id}` }]);
  });

  it('is renamed by its creator alone', async () => {
    const [ann, ben] = [await signUp(server.url, 'Ann'), await signUp(server.url, 'Ben')];
    const circle = await circleOf(ann, [ben]);
    expect((await ben.client.put(`/circles/${circle._id}`, { name: 'Mine now' })).status).toBe(403);
    const blank = await ann.client.put(`/circles/${circle._id}`, { name: '  ' });
    expect(blank.status).toBe(400);
    const renamed = await ann.client.put<Circle>(`/circles/${circle._id}`, { name: '  The Smiths ' });
    expect([renamed.status, renamed.body.name]).toEqual([200, 'The Smiths']);
    expect((await viewOf(ben, circle._id)).name).toBe('The Smiths');
  });
});

describe('limits', () => {
  it('bounds circles per account, members per circle, invitations per hour and suggestions per list, saying so in the caller’s language', async () => {
    const [ann, ben, cat, dan, eve] = (await Promise.all(['Ann', 'Ben', 'Cat', 'Dan', 'Eve'].map((name) => signUp(server.url, name)))) as [Account, Account, Account, Account, Account];
    const full = await circleOf(ann, [ben, cat, dan]);
    const joinFull = await eve.client.post(`/circles/join/${tokenOf(full.inviteLink!)}`);
    expect([joinFull.status, joinFull.body]).toEqual([409, { message: 'This circle has 4 members already, the most it can have.' }]);
    await circleOf(eve);
    await circleOf(eve);
    await circleOf(eve);
    const fourth = await eve.client.post('/circles', { name: 'One more' }, { headers: { 'accept-language': 'de' } });
    expect([fourth.status, fourth.body]).toEqual([409, { message: 'Du bist schon in 3 Kreisen, mehr geht mit einem Konto nicht. Verlasse zuerst einen.' }]);

    const mine = await circleOf(ben, [cat], 'Invites');
    for (let n = 0; n < 3; n += 1) expect((await ben.client.post(`/circles/${mine._id}/invites`, { email: `friend${n}.${Date.now()}@example.com` })).status).toBe(200);
    const tooMany = await ben.client.post(`/circles/${mine._id}/invites`, { email: `late.${Date.now()}@example.com` });
    expect(tooMany.status).toBe(429);
    expect(tooMany.body.message).toMatch(/^Too many circle invitations sent\./);

    const cats = await newList(cat);
    await share(cat, mine._id, [cats._id]);
    for (const title of ['A', 'B', 'C']) expect((await ben.client.post(`/wishlists/${cats._id}/suggestions`, { title })).status).toBe(201);
    const over = await ben.client.post(`/wishlists/${cats._id}/suggestions`, { title: 'D' });
    expect([over.status, over.body]).toEqual([409, { message: 'This wishlist has 3 suggestions already, the most it can hold.' }]);
  });

  it('answers bad input with a clear 400 and keeps what was saved', async () => {
    const ann = await signUp(server.url, 'Ann');
    const circle = await circleOf(ann, [], 'Kept');
    expect((await ann.client.put(`/circles/${circle._id}`, { name: '   ' })).body).toEqual({ message: 'Give the circle a name of up to 100 characters.' });
    expect((await ann.client.post(`/circles/${circle._id}/invites`, { email: 'not an address' })).status).toBe(400);
    expect((await viewOf(ann, circle._id)).name).toBe('Kept');
  });
});

describe('access to every circle and suggestion route', () => {
  type Role = 'owner' | 'member' | 'creator' | 'editor' | 'guest' | 'stranger' | 'signedOut';
  let roles: Record<Role, ApiClient>;
  let circleId: string;
  let listId: string;
  let suggestionId: string;
  let owner: Account;
  let member: Account;

  beforeAll(async () => {
    const [creator, stranger, editor] = [await signUp(server.url, 'Cleo'), await signUp(server.url, 'Stan'), await signUp(server.url, 'Eddie')];
    [owner, member] = [await signUp(server.url, 'Olly'), await signUp(server.url, 'Mia')];
    const circle = await circleOf(creator, [owner, member], 'Matrix');
    circleId = circle._id;
    listId = (await newList(owner))._id;
    await share(owner, circleId, [listId]);
    await addEditorDirectly(owner, editor, listId);
    const guest = await guestWithList(server.url);
    await guest.client.get(`/wishlists/share/${listId}`);
    roles = { owner: owner.client, member: member.client, creator: creator.client, editor: editor.client, guest: guest.client, stranger: stranger.client, signedOut: new ApiClient(server.url) };
  });

  /** Each route's status for each role (200/201 where the role may, else the refusal); run in this order. */
  const matrix: [string, (who: Role) => Promise<ApiResponse>, Record<Role, number>][] = [
    ['GET /circles/{id}', (who) => roles[who].get(`/circles/${circleId}`), { owner: 200, member: 200, creator: 200, editor: 403, guest: 401, stranger: 403, signedOut: 401 }],
    ['GET /circles/{id}/draws', (who) => roles[who].get(`/circles/${circleId}/draws`), { owner: 200, member: 200, creator: 200, editor: 403, guest: 401, stranger: 403, signedOut: 401 }],
    ['PUT /circles/{id}', (who) => roles[who].put(`/circles/${circleId}`, { name: 'Matrix' }), { owner: 403, member: 403, creator: 200, editor: 403, guest: 401, stranger: 403, signedOut: 401 }],
    ['PUT /circles/{id}/lists', (who) => roles[who].put(`/circles/${circleId}/lists`, { wishlistIds: who === 'owner' ? [listId] : [] }), { owner: 200, member: 200, creator: 200, editor: 403, guest: 401, stranger: 403, signedOut: 401 }],
    ['POST /circles/{id}/invites', (who) => roles[who].post(`/circles/${circleId}/invites`, { email: `x.${who}.${Date.now()}@example.com` }), { owner: 403, member: 403, creator: 200, editor: 403, guest: 401, stranger: 403, signedOut: 401 }],
    ['POST /circles/{id}/invite-link', (who) => roles[who].post(`/circles/${circleId}/invite-link`), { owner: 403, member: 403, creator: 200, editor: 403, guest: 401, stranger: 403, signedOut: 401 }],
    ['PUT /circles/{id}/creator', (who) => roles[who].put(`/circles/${circleId}/creator`, { userId: 'nobody' }), { owner: 403, member: 403, creator: 404, editor: 403, guest: 401, stranger: 403, signedOut: 401 }],
    ['DELETE /circles/{id}/members/{userId}', (who) => roles[who].delete(`/circles/${circleId}/members/nobody`), { owner: 403, member: 403, creator: 404, editor: 403, guest: 401, stranger: 403, signedOut: 401 }],
    ['POST /wishlists/{id}/suggestions', (who) => roles[who].post(`/wishlists/${listId}/suggestions`, { title: `Idea of ${who}` }), { owner: 403, member: 201, creator: 201, editor: 201, guest: 401, stranger: 403, signedOut: 401 }],
    ['GET /wishlists/{id}/suggestions', (who) => roles[who].get(`/wishlists/${listId}/suggestions`), { owner: 403, member: 200, creator: 200, editor: 200, guest: 401, stranger: 403, signedOut: 401 }],
    ['PUT /wishlists/{id}/suggestions/{sid}/reservation', (who) => roles[who].put(`/wishlists/${listId}/suggestions/${suggestionId}/reservation`), { owner: 403, member: 200, creator: 409, editor: 409, guest: 401, stranger: 403, signedOut: 401 }],
    ['DELETE /wishlists/{id}/suggestions/{sid}/reservation', (who) => roles[who].delete(`/wishlists/${listId}/suggestions/${suggestionId}/reservation`), { owner: 403, member: 200, creator: 404, editor: 404, guest: 401, stranger: 403, signedOut: 401 }],
    ['DELETE /wishlists/{id}/suggestions/{sid}', (who) => roles[who].delete(`/wishlists/${listId}/suggestions/${suggestionId}`), { owner: 403, member: 200, creator: 404, editor: 404, guest: 401, stranger: 403, signedOut: 401 }],
    ['PUT /wishlists/{id}/show-suggestions', (who) => roles[who].put(`/wishlists/${listId}/show-suggestions`, { show: false }), { owner: 200, member: 403, creator: 403, editor: 403, guest: 401, stranger: 403, signedOut: 401 }],
  ];
  // Members go first, so the suggestion a later row needs is Mia's; the refusals change nothing.
  const order: Role[] = ['signedOut', 'guest', 'stranger', 'owner', 'editor', 'member', 'creator'];

  it('answers each role as the matrix says, on both engines', async () => {
    const wrong: string[] = [];
    for (const [route, call, expected] of matrix) {
      for (const who of route.includes('reservation') || route === 'DELETE /wishlists/{id}/suggestions/{sid}' ? reservationOrder : order) {
        const res = await call(who);
        if (res.status !== expected[who]) wrong.push(`${route} as ${who}: ${res.status} ${JSON.stringify(res.body)}`);
        if (route === 'POST /wishlists/{id}/suggestions' && who === 'member') suggestionId = res.body._id;
      }
    }
    expect(wrong).toEqual([]);
    // Every refusal left the circle as it was.
    expect((await member.client.get<Circle>(`/circles/${circleId}`)).body.members.map((m) => m.name)).toEqual(['Cleo', 'Olly', 'Mia']);
  });

  // Mia reserves first, so the others find it taken; she releases and deletes before they try.
  const reservationOrder: Role[] = ['signedOut', 'guest', 'stranger', 'owner', 'member', 'editor', 'creator'];
});

/** The newest mail to `address` (mail arrives over SMTP: waited for, not timed). */
async function mailTo(address: string) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const mail = smtp.mails.findLast((m) => m.to.includes(address));
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no mail to ${address}`);
    await Bun.sleep(25);
  }
}

/** Makes `editor` an editor of the list through the invitation mail, as the owner would. */
async function addEditorDirectly(owner: Account, editor: Account, listId: string): Promise<void> {
  await owner.client.post(`/wishlists/${listId}/editors`, { email: editor.email });
  const token = (await mailTo(editor.email)).text.match(/\/invitations\/([\w-]+)/)![1]!;
  expect((await editor.client.post(`/invitations/${token}/accept`)).status).toBe(200);
}
