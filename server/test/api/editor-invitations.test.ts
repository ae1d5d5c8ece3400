/**
 * Editors join by invitation (issue 8, finding 4): adding an editor never tells whether an
 * address has an account; the mailed link attaches whoever opens it signed in, once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { EditorInvitation, InvitationSent, Wishlist } from '@wishwell/shared/wishlist-types';
import { ApiClient } from '../support/api-client';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp';
import { startTestServer, type TestServer } from '../support/test-server';
import { signUp, type Account } from '../support/wishlists';

let smtp: TestSmtpServer;
let server: TestServer;
let owner: Account;
let known: Account;

beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startTestServer({ SMTP_URL: smtp.url });
  await signUp(server.url, 'Admin');
  owner = await signUp(server.url, 'Olivia Owner');
  known = await signUp(server.url, 'Kim Known');
});
afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
});

const newList = async (name = 'Birthday') => (await owner.client.post<Wishlist>('/wishlists', { name, theme: 'Birthday' })).body._id;

/** The token of the newest invitation mail to `email` that arrived at the SMTP server. */
async function mailedToken(email: string, count = 1): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const mails = smtp.mails.filter((mail) => mail.to.includes(email));
    if (mails.length >= count) {
      const link = mails.at(-1)!.text.match(/(http:\/\/\S+)\/invitations\/([\w-]+)/)!;
      expect(link[1]).toBe(server.url);
      return link[2]!;
    }
    if (Date.now() > deadline) throw new Error(`no invitation mail to ${email}`);
    await Bun.sleep(25);
  }
}

describe('POST /wishlists/{id}/editors', () => {
  it('answers the same for an address with an account and one without, and mails both a link', async () => {
    const unknownAddress = `nobody.${Date.now()}@example.com`;
    const [withAccount, withoutAccount] = [await newList(), await newList()];
    const answers = [
      await owner.client.post(`/wishlists/${withAccount}/editors`, { email: known.email }),
      await owner.client.post(`/wishlists/${withoutAccount}/editors`, { email: unknownAddress }),
    ];
    expect(answers.map((answer) => [answer.status, answer.body])).toEqual([
      // The link goes only to the address: a server that can send mail never answers it.
      [200, { editors: [] }],
      [200, { editors: [] }],
    ]);
    // Nobody is attached before accepting: the editor list stays as it was.
    expect((await owner.client.get<Wishlist>(`/wishlists/${withAccount}`)).body.editors).toEqual([]);
    for (const [listId, address] of [[withAccount, known.email], [withoutAccount, unknownAddress]] as const) {
      const mail = (await mailedToken(address), smtp.mails.filter((m) => m.to.includes(address)).at(-1)!);
      expect(mail.subject).toBe('Olivia Owner invited you to edit the wishlist "Birthday"');
      const pending = (await owner.client.get<EditorInvitation[]>(`/wishlists/${listId}/invitations`)).body;
      expect(pending.map((invitation) => invitation.email)).toEqual([address.toLowerCase()]);
    }
  });

  it('refuses an address that is not one, and a guest list (sign up first)', async () => {
    const listId = await newList();
    const bad = await owner.client.post(`/wishlists/${listId}/editors`, { email: 'not an address' });
    expect([bad.status, bad.body.message]).toEqual([400, 'Please enter a valid e-mail address.']);
    const guest = new ApiClient(server.url);
    const guestList = (await guest.post<Wishlist>('/wishlists/guest', { name: 'Mine', theme: 'Other' })).body;
    expect((await guest.post(`/wishlists/${guestList._id}/editors`, { email: known.email })).status).toBe(403);
  });
});

describe('the invitation link', () => {
  it('shows what it is for, attaches the signed-in account that accepts it, and works once', async () => {
    const listId = await newList('Wedding');
    await owner.client.post(`/wishlists/${listId}/editors`, { email: known.email });
    const token = await mailedToken(known.email, smtp.mails.filter((m) => m.to.includes(known.email)).length + 1);
    const preview = await new ApiClient(server.url).get(`/invitations/${token}`);
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ wishlistName: 'Wedding', invitedBy: 'Olivia Owner' });
    expect((await new ApiClient(server.url).post(`/invitations/${token}/accept`)).status).toBe(401);

    const accepted = await known.client.post(`/invitations/${token}/accept`);
    expect(accepted.status).toBe(200);
    expect(accepted.body).toEqual({ wishlistId: listId, message: 'You can now edit Wedding.' });
    expect((await known.client.get<Wishlist>(`/wishlists/${listId}`)).body.role).toBe('editor');
    expect((await owner.client.get<Wishlist>(`/wishlists/${listId}`)).body.editors.map((e) => e._id)).toEqual([known.id]);
    expect((await owner.client.get(`/wishlists/${listId}/invitations`)).body).toEqual([]);

    const stranger = await signUp(server.url, 'Sam Stranger');
    const reused = await stranger.client.post(`/invitations/${token}/accept`);
    expect([reused.status, reused.body.message]).toEqual([404, 'This invitation is no longer valid. Ask the owner of the wishlist to invite you again.']);
    expect((await new ApiClient(server.url).get(`/invitations/${token}`)).status).toBe(404);
    expect((await stranger.client.get(`/wishlists/${listId}`)).status).toBe(403);
    expect(server.output()).not.toContain(token); // the logs mask invitation links
  });

  it('attaches someone who had no account once they register', async () => {
    const address = `newcomer.${Date.now()}@example.com`;
    const listId = await newList('Baby shower');
    await owner.client.post(`/wishlists/${listId}/editors`, { email: address });
    const token = await mailedToken(address);
    const browser = new ApiClient(server.url);
    expect((await browser.post('/users/register', { name: 'Nina Newcomer', email: address, password: 'correct horse battery' })).status).toBe(201);
    expect((await browser.post(`/invitations/${token}/accept`)).status).toBe(200);
    const mine = (await browser.get<{ _id: string; role: string }[]>('/wishlists')).body;
    expect(mine).toEqual([expect.objectContaining({ _id: listId, role: 'editor' })]);
  });

  it('stops working when withdrawn, when it expires, or when a newer one replaces it', async () => {
    const listId = await newList();
    const address = `late.${Date.now()}@example.com`;
    await owner.client.post(`/wishlists/${listId}/editors`, { email: address });
    const first = await mailedToken(address, 1);
    await owner.client.post(`/wishlists/${listId}/editors`, { email: address });
    const second = await mailedToken(address, 2);
    expect((await new ApiClient(server.url).get(`/invitations/${first}`)).status).toBe(404);
    expect((await new ApiClient(server.url).get(`/invitations/${second}`)).status).toBe(200);

    const [pending] = (await owner.client.get<EditorInvitation[]>(`/wishlists/${listId}/invitations`)).body;
    const withdrawn = await owner.client.delete(`/wishlists/${listId}/invitations/${pending!._id}`);
    expect([withdrawn.status, withdrawn.body]).toEqual([200, []]);
    expect((await known.client.post(`/invitations/${second}/accept`)).status).toBe(404);
    expect((await owner.client.delete(`/wishlists/${listId}/invitations/${pending!._id}`)).status).toBe(404);

    await owner.client.post(`/wishlists/${listId}/editors`, { email: address });
    const third = await mailedToken(address, 3);
    const store = await server.openStore();
    try {
      const { editorInvitations } = store.tables;
      await store.db.update(editorInvitations).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(editorInvitations.wishlistId, listId));
    } finally {
      await store.close();
    }
    expect((await known.client.post(`/invitations/${third}/accept`)).status).toBe(404);
    expect((await owner.client.get(`/wishlists/${listId}/invitations`)).body).toEqual([]);
    expect((await owner.client.get<Wishlist>(`/wishlists/${listId}`)).body.editors).toEqual([]);
  });

  it("refuses the owner inviting herself, in her language, mailing nothing and inviting no one", async () => {
    const listId = await newList();
    const mailsBefore = smtp.mails.length;
    const self = await owner.client.post(`/wishlists/${listId}/editors`, { email: ` ${owner.email.toUpperCase()} ` });
    expect([self.status, self.body]).toEqual([400, { message: 'You own this wishlist already: invite someone else to edit it with you.' }]);
    const german = await owner.client.post(`/wishlists/${listId}/editors`, { email: owner.email }, { headers: { 'accept-language': 'de' } });
    expect([german.status, german.body.message]).toEqual([400, 'Diese Wunschliste gehört dir schon: Lade jemand anderen ein, sie mit dir zu bearbeiten.']);
    expect((await owner.client.get(`/wishlists/${listId}/invitations`)).body).toEqual([]);
    // A mail would have been sent after answering: one to someone else, sent later, arrives after it would have.
    const knownMails = smtp.mails.filter((mail) => mail.to.includes(known.email)).length;
    await owner.client.post(`/wishlists/${listId}/editors`, { email: known.email });
    await mailedToken(known.email, knownMails + 1);
    expect(smtp.mails.slice(mailsBefore).map((mail) => mail.to)).toEqual([[known.email]]);
  });

  it("refuses the owner accepting an invitation to their own list, without using it up", async () => {
    const listId = await newList();
    const address = `forwarded.${Date.now()}@example.com`;
    await owner.client.post(`/wishlists/${listId}/editors`, { email: address });
    const token = await mailedToken(address);
    const own = await owner.client.post(`/invitations/${token}/accept`);
    expect([own.status, own.body.message]).toEqual([400, 'You already own this wishlist.']);
    expect((await known.client.post(`/invitations/${token}/accept`)).status).toBe(200);
  });

  it('lets only the owner see and withdraw invitations', async () => {
    const listId = await newList();
    const editor = await signUp(server.url, 'Eddie Editor');
    await addEditorBySmtp(listId, editor);
    await owner.client.post(`/wishlists/${listId}/editors`, { email: 'someone@example.com' });
    const [pending] = (await owner.client.get<EditorInvitation[]>(`/wishlists/${listId}/invitations`)).body;
    expect((await editor.client.get(`/wishlists/${listId}/invitations`)).status).toBe(403);
    expect((await editor.client.post(`/wishlists/${listId}/editors`, { email: 'x@example.com' })).status).toBe(403);
    expect((await editor.client.delete(`/wishlists/${listId}/invitations/${pending!._id}`)).status).toBe(403);
    expect((await known.client.get(`/wishlists/${listId}/invitations`)).status).toBe(403);
    expect((await new ApiClient(server.url).get(`/wishlists/${listId}/invitations`)).status).toBe(401);
    expect((await owner.client.get<EditorInvitation[]>(`/wishlists/${listId}/invitations`)).body).toHaveLength(1);
  });
});

/** addEditor for this file's server, whose mails go to the SMTP server instead of the log. */
async function addEditorBySmtp(listId: string, editor: Account): Promise<void> {
  const count = smtp.mails.filter((m) => m.to.includes(editor.email)).length;
  await owner.client.post(`/wishlists/${listId}/editors`, { email: editor.email });
  expect((await editor.client.post(`/invitations/${await mailedToken(editor.email, count + 1)}/accept`)).status).toBe(200);
}

describe('invitation limits', () => {
  let limited: TestServer;
  beforeAll(() => server.stop()); // done with the file's server: this group's own then runs in the test worker, not as a process
  afterAll(() => limited?.stop());

  it('limits invitations per list and per account, with the same answer for any address', async () => {
    limited = await startTestServer({ RATE_LIMIT_INVITE_LIST: '2', RATE_LIMIT_INVITE_USER: '3' });
    await signUp(limited.url, 'Admin');
    const sender = await signUp(limited.url, 'Busy Inviter');
    const other = await signUp(limited.url, 'Has Account');
    const [first, second] = [
      (await sender.client.post<Wishlist>('/wishlists', { name: 'One' })).body._id,
      (await sender.client.post<Wishlist>('/wishlists', { name: 'Two' })).body._id,
    ];
    const invite = async (listId: string, email: string) => {
      const res = await sender.client.post(`/wishlists/${listId}/editors`, { email });
      return res.status === 429 ? [429, res.headers.has('retry-after'), res.body.message] : [res.status];
    };
    const refusal = [429, true, 'Too many editor invitations sent. Please try again in 60 minutes.'];
    expect(await invite(first, other.email)).toEqual([200]);
    expect(await invite(first, 'probe1@example.com')).toEqual([200]);
    expect(await invite(first, other.email)).toEqual(refusal); // the list's 2 an hour
    expect(await invite(first, 'probe2@example.com')).toEqual(refusal);
    expect(await invite(second, 'probe3@example.com')).toEqual([200]);
    expect(await invite(second, other.email)).toEqual(refusal); // the account's 3 an hour
    expect(limited.output()).toContain('"status":429');
  });
});

describe('on a server that cannot send mail', () => {
  let mailless: TestServer;
  afterAll(() => mailless?.stop());

  it('answers the invitation link for the owner to pass on herself, and the link works', async () => {
    mailless = await startTestServer();
    await signUp(mailless.url, 'Admin');
    const me = await signUp(mailless.url, 'Olga Owner');
    const friend = await signUp(mailless.url, 'Fred Friend');
    const listId = (await me.client.post<Wishlist>('/wishlists', { name: 'Garden' })).body._id;
    const invited = await me.client.post<InvitationSent>(`/wishlists/${listId}/editors`, { email: friend.email });
    expect([invited.status, invited.body]).toEqual([200, { editors: [], link: expect.stringMatching(/\/invitations\/[\w-]+$/) }]);
    expect(invited.body.link!.startsWith(`${mailless.url}/invitations/`)).toBe(true);
    const token = invited.body.link!.split('/invitations/')[1];
    expect((await friend.client.post(`/invitations/${token}/accept`)).status).toBe(200);
    expect((await me.client.get<Wishlist>(`/wishlists/${listId}`)).body.editors.map((editor) => editor.email)).toEqual([friend.email]);
  });
});
