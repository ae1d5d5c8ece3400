import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { AppNotification, FollowerSettings, NotificationPage } from '@wishwell/shared/follower-types';
import type { Item, Wishlist } from '@wishwell/shared/wishlist-types';
import { ApiClient } from '../support/api-client';
import { ManualClock } from '../support/manual-clock';
import { startSmtpServer, type ReceivedMail, type TestSmtpServer } from '../support/smtp';
import { startTestServer, withStore, type TestServer } from '../support/test-server';
import { addItem, signUp, type Account } from '../support/wishlists';

let server: TestServer;
let smtp: TestSmtpServer;
const clock = new ManualClock();
const DAY = 86_400_000;
const FOLLOWS_PER_LIST = 6;

beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startTestServer({
    env: { SMTP_URL: smtp.url, RATE_LIMIT_FOLLOW_IP: '1000', RATE_LIMIT_FOLLOW_LIST: String(FOLLOWS_PER_LIST), FOLLOW_MAILS_PER_ADDRESS: '2' },
    clock,
  });
  await signUp(server.url, 'Admin');
});
afterAll(async () => {
  await server.stop();
  await smtp.stop();
});

let addresses = 0;
const newAddress = (name: string) => `${name}.${Date.now()}.${++addresses}@example.com`;
const mailsTo = (address: string) => smtp.mails.filter((mail) => mail.to.includes(address));

type Job = 'digests' | 'reminders' | 'notifications.mail';

/** Runs a job now on the server's clock, and the outbox to send what it queued. */
async function run(job: Job) {
  await server.runJob(job);
  await server.runJob('mail.outbox');
}

/** Sets the server's clock to `at` (the timers due on the way do not run) and runs the job there. */
async function runAt(job: Job, at: Date) {
  clock.jumpTo(at.getTime());
  await run(job);
}

/** The server's time `ms` from now: changes made before are in the digests of a turn then. */
const later = (ms: number) => new Date(clock.now() + ms);

/** Asks to follow by e-mail as a visitor without an account; answers the token of the confirmation mail. */
async function askToFollow(listId: string, email: string): Promise<string> {
  const asked = await new ApiClient(server.url).post(`/wishlists/share/${listId}/followers`, { email });
  expect(asked.status).toBe(202);
  const mail = await smtp.waitForMail(email);
  return mail.text.match(/\/follow\/([\w-]+)\?confirm=1/)![1]!;
}

async function follower(listId: string, email: string, preferences: object = {}) {
  const token = await askToFollow(listId, email);
  const confirmed = await new ApiClient(server.url).post<FollowerSettings>(`/followers/${token}/confirm`, preferences);
  expect(confirmed.status).toBe(200);
  expect(confirmed.body).toMatchObject({ confirmed: true, wishlistId: listId });
  return token;
}

async function listWithItems(ownerName = 'Olive') {
  const owner = await signUp(server.url, ownerName);
  const list = (await owner.client.post<Wishlist>('/wishlists', { name: `${ownerName}'s birthday`, eventDate: '2027-06-01' })).body;
  const bike = await addItem(owner.client, list._id, { title: 'Bike', price: '49.00', currency: 'GBP' });
  const lamp = await addItem(owner.client, list._id, { title: 'Lamp', price: '20.00', currency: 'GBP' });
  return { owner, list, bike, lamp };
}

const buy = (listId: string, item: Item, client = new ApiClient(server.url), name = 'Secret Sam') =>
  client.put(`/wishlists/share/${listId}/items/${item._id}`, { quantityPurchased: 1, purchasedBy: name });

function unsubscribeUrl(mail: ReceivedMail): string {
  expect(mail.text).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
  return mail.text.match(/^List-Unsubscribe:\s*<([^>]+)>/m)![1]!.replace(/\s+/g, '');
}

describe('following a list by e-mail', () => {
  it('sends no digest before the address confirms, then one of what changed, and none when nothing did', async () => {
    const { owner, list, bike, lamp } = await listWithItems();
    const email = newAddress('fan');
    const token = await askToFollow(list._id, email);
    await addItem(owner.client, list._id, { title: 'Kite' });
    await runAt('digests', later(8 * DAY));
    expect(mailsTo(email)).toHaveLength(1); // the confirmation alone

    const confirmed = await new ApiClient(server.url).post<FollowerSettings>(`/followers/${token}/confirm`, { frequency: 'daily' });
    expect(confirmed.body).toMatchObject({ wishlistName: list.name, email, confirmed: true, frequency: 'daily', reminderDays: 7 });
    // Before the confirmation: not reported. After it: each kind of change.
    await addItem(owner.client, list._id, { title: 'Board game' });
    expect((await owner.client.put(`/wishlists/${list._id}/items/${bike._id}`, { title: 'Bike', price: '39.00' })).status).toBe(200);
    expect((await owner.client.delete(`/wishlists/${list._id}/items/${lamp._id}`)).status).toBe(200);
    expect((await owner.client.put(`/wishlists/${list._id}`, { name: list.name, eventDate: '2027-06-08' })).status).toBe(200);
    await runAt('digests', later(2 * DAY));

    const digests = mailsTo(email).slice(1);
    expect(digests).toHaveLength(1);
    const digest = digests[0]!;
    expect(digest.subject).toBe(`What changed on "${list.name}"`);
    expect(digest.text).toContain('New: Board game');
    expect(digest.text).toMatch(/Price drop: Bike, was £49(\.00)?, now £39(\.00)?/);
    expect(digest.text).toContain('No longer on the list: Lamp');
    expect(digest.text).toContain('The event is now on June 8, 2027');
    expect(digest.text).not.toContain('Kite');
    expect(digest.text).toContain(`/follow/${token}`);
    expect(unsubscribeUrl(digest)).toMatch(new RegExp(`^http://[^/]+/api/v1/followers/${token}/unsubscribe$`));

    // The same turn again sends nothing; two days later with nothing changed, nothing either.
    await run('digests');
    await runAt('digests', later(2 * DAY));
    expect(mailsTo(email)).toHaveLength(2);
  });

  it('never tells followers about reservations or purchases, whoever makes them', async () => {
    const { owner, list, bike, lamp } = await listWithItems('Priya');
    const email = newAddress('watcher');
    await follower(list._id, email, { frequency: 'daily' });
    const signedInBuyer = await signUp(server.url, 'Rita');
    expect((await buy(list._id, bike)).status).toBe(200);
    expect((await buy(list._id, lamp, signedInBuyer.client, 'Rita R')).status).toBe(200);
    await runAt('digests', later(2 * DAY));
    expect(mailsTo(email)).toHaveLength(1); // purchases alone: no digest

    await addItem(owner.client, list._id, { title: 'Scarf' });
    expect((await owner.client.put(`/wishlists/${list._id}/items/${bike._id}/unpurchase`)).status).toBe(200);
    await runAt('digests', later(2 * DAY));
    const digest = mailsTo(email)[1]!;
    expect(digest.text).toContain('New: Scarf');
    for (const secret of ['Secret Sam', 'Rita', 'Bike', 'Lamp', 'reserv', 'purchas', 'bought']) expect(digest.text).not.toContain(secret);
  });

  it('unsubscribes with one click (RFC 8058, no session, a form body) and through the link', async () => {
    const { owner, list } = await listWithItems('Uma');
    const oneClick = newAddress('oneclick');
    const viaLink = newAddress('vialink');
    await follower(list._id, oneClick, { frequency: 'daily' });
    const linkToken = await follower(list._id, viaLink, { frequency: 'daily' });
    await addItem(owner.client, list._id, { title: 'Tent' });
    await runAt('digests', later(2 * DAY));
    const digest = mailsTo(oneClick).at(-1)!;

    const posted = await fetch(unsubscribeUrl(digest).replace(/^http:\/\/[^/]+/, server.url), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(posted.status).toBe(200);
    // The body's link opens the manage page, whose button posts the same way (JSON, no session).
    expect((await new ApiClient(server.url).get(`/followers/${linkToken}`)).status).toBe(200);
    expect((await new ApiClient(server.url).post(`/followers/${linkToken}/unsubscribe`, {})).status).toBe(200);
    expect((await new ApiClient(server.url).get(`/followers/${linkToken}`)).status).toBe(404);

    await addItem(owner.client, list._id, { title: 'Stove' });
    await runAt('digests', later(2 * DAY));
    expect(mailsTo(oneClick).filter((mail) => mail.text.includes('Stove'))).toEqual([]);
    expect(mailsTo(viaLink).filter((mail) => mail.text.includes('Stove'))).toEqual([]);
  });

  it('answers alike whether or not the address follows, bounds the mails per address and the requests per list', async () => {
    const { list } = await listWithItems('Quinn');
    const email = newAddress('repeat');
    await follower(list._id, email);
    const again = await new ApiClient(server.url).post(`/wishlists/share/${list._id}/followers`, { email });
    const stranger = await new ApiClient(server.url).post(`/wishlists/share/${list._id}/followers`, { email: newAddress('stranger') });
    expect([again.status, again.body]).toEqual([stranger.status, stranger.body]);
    // FOLLOW_MAILS_PER_ADDRESS=2: the confirmation and the repeat's; the third request gets none.
    expect((await new ApiClient(server.url).post(`/wishlists/share/${list._id}/followers`, { email })).status).toBe(202);
    const marker = newAddress('marker');
    await new ApiClient(server.url).post(`/wishlists/share/${list._id}/followers`, { email: marker });
    await smtp.waitForMail(marker);
    expect(mailsTo(email)).toHaveLength(2);
    // RATE_LIMIT_FOLLOW_LIST: this list had 5 requests; the 6th is allowed, the 7th refused.
    expect((await new ApiClient(server.url).post(`/wishlists/share/${list._id}/followers`, { email: newAddress('sixth') })).status).toBe(202);
    const refused = await new ApiClient(server.url).post(`/wishlists/share/${list._id}/followers`, { email: newAddress('seventh') });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(refused.body.message).toMatch(/Too many requests to follow wishlists/);
    expect(FOLLOWS_PER_LIST).toBe(6);
    const bad = await new ApiClient(server.url).post(`/wishlists/share/${list._id}/followers`, { email: 'not an address' });
    expect([bad.status, bad.body.message]).toEqual([400, 'Please enter a valid e-mail address.']);
  });

  it('shows the owner how many follow and nobody who; deleted and disabled lists send nothing', async () => {
    const { owner, list } = await listWithItems('Nina');
    const editor = await signUp(server.url, 'Ed');
    await askToFollow(list._id, newAddress('unconfirmed'));
    const email = newAddress('counted');
    await follower(list._id, email, { frequency: 'daily' });
    const counted = await owner.client.get(`/wishlists/${list._id}/followers`);
    expect(counted.body).toEqual({ count: 1 });
    expect((await editor.client.get(`/wishlists/${list._id}/followers`)).status).toBe(403);
    expect((await new ApiClient(server.url).get(`/wishlists/${list._id}/followers`)).status).toBe(401);
    for (const view of [await owner.client.get(`/wishlists/${list._id}`), await new ApiClient(server.url).get(`/wishlists/share/${list._id}`)]) {
      expect(JSON.stringify(view.body)).not.toContain(email);
    }

    await addItem(owner.client, list._id, { title: 'Globe' });
    expect((await owner.client.delete(`/wishlists/${list._id}`)).status).toBe(200);
    await runAt('digests', later(2 * DAY));
    expect(mailsTo(email).filter((mail) => mail.text.includes('Globe'))).toEqual([]);
  });
});

describe('reminders before the event', () => {
  async function recurringList(eventDate: string, ownerName: string) {
    const owner = await signUp(server.url, ownerName);
    const list = (await owner.client.post<Wishlist>('/wishlists', { name: `${ownerName}'s day`, eventDate, isRecurring: true })).body;
    const email = newAddress(ownerName.toLowerCase());
    await follower(list._id, email, { reminderDays: 7 });
    return { owner, list, email };
  }
  const remindersTo = (email: string) => mailsTo(email).filter((mail) => mail.subject.startsWith('Coming up'));

  it('rolls a recurring date into the next year across a year end, and reminds once per occurrence', async () => {
    const { list, email } = await recurringList('2020-01-03', 'Yara');
    await runAt('reminders', new Date('2026-12-26T09:00:00Z')); // 8 days before
    expect(remindersTo(email)).toEqual([]);
    await runAt('reminders', new Date('2026-12-27T09:00:00Z'));
    await runAt('reminders', new Date('2026-12-29T09:00:00Z'));
    expect(remindersTo(email).map((mail) => mail.subject)).toEqual([`Coming up on January 3, 2027: "${list.name}"`]);
    expect(unsubscribeUrl(remindersTo(email)[0]!)).toMatch(/\/api\/v1\/followers\/[\w-]+\/unsubscribe$/);
    // The next year's occurrence is reminded again.
    await runAt('reminders', new Date('2027-12-28T09:00:00Z'));
    expect(remindersTo(email).map((mail) => mail.subject)).toEqual([`Coming up on January 3, 2027: "${list.name}"`, `Coming up on January 3, 2028: "${list.name}"`]);
  });

  it('reminds a follower who confirms inside the window on the next run, not a day late', async () => {
    const owner = await signUp(server.url, 'Ines');
    const list = (await owner.client.post<Wishlist>('/wishlists', { name: "Ines's party", eventDate: '2028-06-10' })).body;
    await runAt('reminders', new Date('2028-06-03T09:00:00Z')); // 7 days before: the day's look, nobody follows yet
    const email = newAddress('ines.fan');
    await follower(list._id, email, { reminderDays: 7 });
    await runAt('reminders', new Date('2028-06-03T10:00:00Z'));
    expect(remindersTo(email).map((mail) => mail.subject)).toEqual([`Coming up on June 10, 2028: "${list.name}"`]);
  });

  it('keeps a 29 February event on 28 February in other years, and nudges the owner on the bell', async () => {
    const { owner, list, email } = await recurringList('2024-02-29', 'Lea');
    await runAt('reminders', new Date('2027-02-21T09:00:00Z'));
    await runAt('reminders', new Date('2028-02-22T09:00:00Z'));
    expect(remindersTo(email).map((mail) => mail.subject)).toEqual([`Coming up on February 28, 2027: "${list.name}"`, `Coming up on February 29, 2028: "${list.name}"`]);
    const bell = (await owner.client.get<NotificationPage>('/notifications')).body;
    // Dated by the server's clock (the days the job ran), not the machine's.
    expect(bell.notifications.filter((n) => n.kind === 'event-coming').map((n) => [n.detail, n.createdAt.slice(0, 10)])).toEqual([
      ['2028-02-29', '2028-02-22'],
      ['2027-02-28', '2027-02-21'],
    ]);
  });
});

describe('notifications', () => {
  const readAt = (id: string) =>
    withStore(server, async (store) => {
      const { notifications } = store.tables;
      const [row] = await store.db.select({ readAt: notifications.readAt }).from(notifications).where(eq(notifications.id, id));
      return row!.readAt!.getTime();
    });

  async function invite(owner: Account, listId: string, editor: Account) {
    expect((await owner.client.post(`/wishlists/${listId}/editors`, { email: editor.email })).status).toBe(200);
    const token = (await smtp.waitForMail(editor.email)).text.match(/\/invitations\/([\w-]+)/)![1];
    expect((await editor.client.post(`/invitations/${token}/accept`)).status).toBe(200);
  }

  it('tells owners, reservers and account followers, lets each read only their own, and mails the kinds chosen', async () => {
    const { owner, list, bike, lamp } = await listWithItems('Bea');
    const editor = await signUp(server.url, 'Cal');
    await invite(owner, list._id, editor);
    const reserver = await signUp(server.url, 'Dora');
    expect((await buy(list._id, bike, reserver.client, 'Dora')).status).toBe(200);
    expect((await buy(list._id, lamp, reserver.client, 'Dora')).status).toBe(200);
    const fan = await signUp(server.url, 'Finn');
    expect((await fan.client.put(`/follows/${list._id}`, {})).body).toMatchObject({ following: true });
    expect((await fan.client.put('/notifications/preferences', { mail: ['price-dropped'] })).body).toEqual({ mail: ['price-dropped'] });

    expect((await owner.client.put(`/wishlists/${list._id}/items/${bike._id}/unpurchase`)).status).toBe(200);
    expect((await owner.client.delete(`/wishlists/${list._id}/items/${lamp._id}`)).status).toBe(200);
    expect((await owner.client.put(`/wishlists/${list._id}/items/${bike._id}`, { title: 'Bike', price: '30.00' })).status).toBe(200);

    const kinds = async (account: Account) => (await account.client.get<NotificationPage>('/notifications')).body.notifications.map((n) => [n.kind, n.detail]);
    expect(await kinds(owner)).toEqual([['invitation-accepted', 'Cal']]);
    expect(await kinds(reserver)).toEqual([
      ['reserved-item-removed', 'Lamp'],
      ['reserved-item-relisted', 'Bike'],
    ]);
    expect(await kinds(fan)).toEqual([['price-dropped', 'Bike']]);

    // Another account's notification is a 404, as if it did not exist; one's own reads.
    const [ownerNote] = (await owner.client.get<NotificationPage>('/notifications')).body.notifications as [AppNotification];
    expect((await fan.client.put(`/notifications/${ownerNote._id}/read`)).status).toBe(404);
    expect((await new ApiClient(server.url).get('/notifications')).status).toBe(401);
    expect((await owner.client.get<NotificationPage>('/notifications')).body.unread).toBe(1);
    expect((await owner.client.put(`/notifications/${ownerNote._id}/read`)).body).toMatchObject({ read: true });
    expect(Math.abs((await readAt(ownerNote._id)) - clock.now())).toBeLessThan(60_000); // the server's clock, not the machine's
    expect((await owner.client.get<NotificationPage>('/notifications')).body.unread).toBe(0);
    expect((await reserver.client.get<NotificationPage>('/notifications')).body.unread).toBe(2);
    await reserver.client.put('/notifications/read');
    expect((await reserver.client.get<NotificationPage>('/notifications')).body.unread).toBe(0);

    // Only the fan chose a kind by mail: their price drop is mailed, nobody else's notification.
    await run('notifications.mail');
    expect(mailsTo(fan.email).map((mail) => mail.subject)).toEqual([`The price of "Bike" dropped on "${list.name}", which you follow`]);
    expect(mailsTo(reserver.email).map((mail) => mail.subject)).toEqual(['"Bike" is wanted again']); // the relist's own mail, no notification's
    await run('notifications.mail');
    expect(mailsTo(fan.email)).toHaveLength(1);
  });

  it('pages the list of notifications, newest first', async () => {
    const owner = await signUp(server.url, 'Gus');
    const list = (await owner.client.post<Wishlist>('/wishlists', { name: 'Many' })).body;
    for (let i = 0; i < 21; i++) await invite(owner, list._id, await signUp(server.url, `Editor${i}`));
    const first = (await owner.client.get<NotificationPage>('/notifications')).body;
    expect([first.notifications.length, first.pages, first.unread, first.notifications[0]!.detail]).toEqual([20, 2, 21, 'Editor20']);
    const second = (await owner.client.get<NotificationPage>('/notifications?page=2')).body;
    expect(second.notifications.map((n) => n.detail)).toEqual(['Editor0']);
  });
});
