import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, like } from 'drizzle-orm';
import type { EditorInvitation, Item, Wishlist } from '@wishwell/shared/wishlist-types';
import type { OrganisedDraw } from '@wishwell/shared/secret-santa-types';
import { ApiClient } from '../support/api-client';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp';
import { startTestServer, TEST_ENGINE, withStore, type TestServer } from '../support/test-server';
import { addItem, signUp, type Account } from '../support/wishlists';
import { ManualClock } from '../support/manual-clock';
import { withRawSql } from '../support/raw-sql';

// Mail a change causes is queued in that change's transaction: the change and its mail, both or
// neither. A trigger makes the e-mail log's insert (the write after the outbox row) fail for
// addresses starting "doomed": the change then rolls back with its mail.

const DOOMED = 'doomed';
const FAIL_LOG_INSERTS: Record<typeof TEST_ENGINE, string[]> = {
  sqlite: [`CREATE TRIGGER doomed_mail BEFORE INSERT ON email_logs WHEN NEW.recipient LIKE '${DOOMED}%' BEGIN SELECT RAISE(ABORT, 'doomed mail'); END`],
  postgres: [
    `CREATE FUNCTION doomed_mail() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF NEW.recipient LIKE '${DOOMED}%' THEN RAISE EXCEPTION 'doomed mail'; END IF; RETURN NEW; END $$`,
    'CREATE TRIGGER doomed_mail BEFORE INSERT ON email_logs FOR EACH ROW EXECUTE FUNCTION doomed_mail()',
  ],
};

/** The surprise reveal's turn comes by moving this clock. */
const clock = new ManualClock();
let server: TestServer;
let smtp: TestSmtpServer;
let owner: Account;

beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startTestServer({ env: { SMTP_URL: smtp.url }, clock });
  owner = await signUp(server.url, 'Owner');
  await withRawSql(server, async (query) => {
    for (const statement of FAIL_LOG_INSERTS[TEST_ENGINE]) await query(statement);
  });
});
afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
});

const outboxTo = (prefix: string) =>
  withStore(server, (store) => store.db.select({ recipient: store.tables.mailOutbox.recipient }).from(store.tables.mailOutbox).where(like(store.tables.mailOutbox.recipient, `${prefix}%`)));

describe('mail queued in the transaction of the change that caused it', () => {
  it('an invitation whose mail cannot be queued is not made; one that can be is made with its mail', async () => {
    const list = (await owner.client.post<Wishlist>('/wishlists', { name: 'Birthday' })).body;
    const failed = await owner.client.post(`/wishlists/${list._id}/editors`, { email: `${DOOMED}.editor@example.com` });
    expect(failed.status).toBeGreaterThanOrEqual(500);
    expect((await owner.client.get<EditorInvitation[]>(`/wishlists/${list._id}/invitations`)).body).toEqual([]);
    expect(await outboxTo(DOOMED)).toEqual([]);

    expect((await owner.client.post(`/wishlists/${list._id}/editors`, { email: 'kept.editor@example.com' })).status).toBe(200);
    expect((await owner.client.get<EditorInvitation[]>(`/wishlists/${list._id}/invitations`)).body.map((invitation) => invitation.email)).toEqual(['kept.editor@example.com']);
    expect((await smtp.waitForMail('kept.editor@example.com')).subject).toContain('Birthday');
  });

  it('a follow whose confirmation cannot be queued records no follower', async () => {
    const list = (await owner.client.post<Wishlist>('/wishlists', { name: 'Wedding' })).body;
    const asked = await new ApiClient(server.url).post(`/wishlists/share/${list._id}/followers`, { email: `${DOOMED}.fan@example.com` });
    expect(asked.status).toBeGreaterThanOrEqual(500);
    const followers = await withStore(server, (store) => store.db.select().from(store.tables.listFollowers).where(eq(store.tables.listFollowers.wishlistId, list._id)));
    expect(followers).toEqual([]);
    expect(await outboxTo(DOOMED)).toEqual([]);
  });

  it('a re-list whose "wanted again" mail cannot be queued keeps the reservation (and puts nothing on the bell)', async () => {
    const reserver = await signUp(server.url, 'Doomed Reserver');
    const list = (await owner.client.post<Wishlist>('/wishlists', { name: 'Christmas' })).body;
    const scarf = await addItem(owner.client, list._id, { title: 'Scarf' });
    expect((await reserver.client.put(`/wishlists/share/${list._id}/items/${scarf._id}`, { quantityPurchased: 1, purchasedBy: 'Reserver' })).status).toBe(200);
    expect((await owner.client.put(`/wishlists/${list._id}/items/${scarf._id}/unpurchase`)).status).toBeGreaterThanOrEqual(500);
    const items = (await owner.client.get<Wishlist & { items: Item[] }>(`/wishlists/${list._id}`)).body.items;
    expect(items.find((item) => item._id === scarf._id)).toMatchObject({ quantityPurchased: 1 });
    expect((await reserver.client.get<{ unread: number }>('/notifications')).body.unread).toBe(0);
    expect(await outboxTo(DOOMED)).toEqual([]);
  });

  it('a notification whose mail cannot be queued stays waiting for its mail (it is not marked mailed)', async () => {
    const inviter = await signUp(server.url, 'Doomed Inviter');
    const invitee = await signUp(server.url, 'Invitee');
    expect((await inviter.client.put('/notifications/preferences', { mail: ['invitation-accepted'] })).status).toBe(200);
    const list = (await inviter.client.post<Wishlist>('/wishlists', { name: 'Housewarming' })).body;
    expect((await inviter.client.post(`/wishlists/${list._id}/editors`, { email: invitee.email })).status).toBe(200);
    const token = (await smtp.waitForMail(invitee.email)).text.match(/\/invitations\/([\w-]+)/)![1]!;
    expect((await invitee.client.post(`/invitations/${token}/accept`)).status).toBe(200);
    await server.runJob('notifications.mail').catch(() => {}); // the run stops at the doomed mail
    const waiting = await withStore(server, (store) =>
      store.db.select({ mailPending: store.tables.notifications.mailPending }).from(store.tables.notifications).where(eq(store.tables.notifications.userId, inviter.id)),
    );
    expect(waiting).toEqual([{ mailPending: true }]);
    expect(await outboxTo(DOOMED)).toEqual([]);
  });

  it('a surprise whose reveal mail cannot be queued is not marked revealed (the next run mails it)', async () => {
    const doomedOwner = await signUp(server.url, 'Doomed Owner');
    const list = (await doomedOwner.client.post<Wishlist>('/wishlists', { name: 'Anniversary', surpriseUntil: new Date(clock.now() + 3_600_000).toISOString() })).body;
    clock.jump(2 * 3_600_000);
    await server.runJob('surprise.reveal').catch(() => {});
    const [row] = await withStore(server, (store) => store.db.select({ revealMailedAt: store.tables.wishlists.revealMailedAt }).from(store.tables.wishlists).where(eq(store.tables.wishlists.id, list._id)));
    expect(row).toEqual({ revealMailedAt: null });
    expect(await outboxTo(DOOMED)).toEqual([]);
  });

  it("a purchase whose receipt cannot be queued is not made (pledges share its write); one whose receipt can be has its mail on the way at once", async () => {
    const list = (await owner.client.post<Wishlist>('/wishlists', { name: 'Graduation' })).body;
    const watch = await addItem(owner.client, list._id, { title: 'Watch' });
    const guest = new ApiClient(server.url);
    expect((await guest.put(`/wishlists/share/${list._id}/items/${watch._id}`, { quantityPurchased: 1, purchasedBy: 'Gina', email: `${DOOMED}.buyer@example.com` })).status).toBeGreaterThanOrEqual(500);
    const items = (await owner.client.get<Wishlist & { items: Item[] }>(`/wishlists/${list._id}`)).body.items;
    expect(items.map((item) => [item.title, item.quantityPurchased])).toEqual([['Watch', 0]]);
    expect(await outboxTo(DOOMED)).toEqual([]);

    // Woken by the purchase's commit, the outbox sends the receipt without waiting for its next turn.
    expect((await guest.put(`/wishlists/share/${list._id}/items/${watch._id}`, { quantityPurchased: 1, purchasedBy: 'Gina', email: 'kept.buyer@example.com' })).status).toBe(200);
    expect((await smtp.waitForMail('kept.buyer@example.com')).subject).toContain('Watch');
  });

  it("a digest that cannot be queued leaves the follower's digest due (the next run sends it)", async () => {
    const list = (await owner.client.post<Wishlist>('/wishlists', { name: 'Retirement' })).body;
    expect((await new ApiClient(server.url).post(`/wishlists/share/${list._id}/followers`, { email: 'soon.doomed.fan@example.com' })).status).toBe(202);
    const token = (await smtp.waitForMail('soon.doomed.fan@example.com')).text.match(/\/follow\/([\w-]+)\?confirm=1/)![1]!;
    expect((await new ApiClient(server.url).post(`/followers/${token}/confirm`, {})).status).toBe(200);
    const follower = () => withStore(server, async (store) => (await store.db.select().from(store.tables.listFollowers).where(eq(store.tables.listFollowers.wishlistId, list._id)))[0]!);
    await withStore(server, (store) => store.db.update(store.tables.listFollowers).set({ email: `${DOOMED}.fan@example.com` }).where(eq(store.tables.listFollowers.wishlistId, list._id)));
    await addItem(owner.client, list._id, { title: 'Fishing rod' });
    const before = await follower();
    clock.jumpTo(before.nextDigestAt!.getTime() + 60_000);
    await server.runJob('digests').catch(() => {});
    expect((await follower()).nextDigestAt).toEqual(before.nextDigestAt);
    expect(await outboxTo(DOOMED)).toEqual([]);
  });

  it('a Secret Santa draw whose mail to one participant cannot be queued draws nobody and mails nobody', async () => {
    const people = [owner.email, 'santa.kept@example.com', `${DOOMED}.santa@example.com`].map((email, index) => ({ name: `Person ${index}`, email }));
    const draw = (await owner.client.post<OrganisedDraw>('/draws', { participants: people })).body;
    expect((await owner.client.post(`/draws/${draw.id}/run`)).status).toBeGreaterThanOrEqual(500);
    const pairs = await withStore(server, (store) => store.db.select({ recipientId: store.tables.drawParticipants.recipientId }).from(store.tables.drawParticipants).where(eq(store.tables.drawParticipants.drawId, draw.id)));
    expect(pairs).toEqual(people.map(() => ({ recipientId: null })));
    expect((await owner.client.get<OrganisedDraw>(`/draws/${draw.id}`)).body.drawnAt).toBeNull();
    expect(await outboxTo('santa.kept')).toEqual([]);
    expect(await outboxTo(DOOMED)).toEqual([]);
  });

  it('a password reset whose mail cannot be queued stores no reset link', async () => {
    const forgetful = await signUp(server.url, 'Doomed Forgetful');
    const printed = server.output().length;
    expect((await new ApiClient(server.url).post('/users/forgot-password', { email: forgetful.email, domain: 'localhost' })).status).toBe(200);
    // The link is made after the answer (the answer must not tell whether the account exists): wait for its failure.
    await expect.poll(() => server.output().slice(printed), { timeout: 10_000 }).toContain('Password reset mail failed');
    const links = await withStore(server, (store) => store.db.select().from(store.tables.passwordResetTokens).where(eq(store.tables.passwordResetTokens.userId, forgetful.id)));
    expect(links).toEqual([]);
    expect(await outboxTo(DOOMED)).toEqual([]);
  });
});
