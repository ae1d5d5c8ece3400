import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Wishlist } from '@wishwell/shared/wishlist-types';
import { ApiClient } from '../support/api-client';
import { startSmtpServer, type ReceivedMail, type TestSmtpServer } from '../support/smtp';
import { ManualClock } from '../support/manual-clock';
import { startTestServer, type TestServer } from '../support/test-server';
import { addItem, signUp, type Account } from '../support/wishlists';

// Every mail in its recipient's language: the language their account chose, else (a guest, or an
// account without a choice) the language of the request that caused the mail: the ww_lang
// cookie, else Accept-Language. Read through a real SMTP server.

let server: TestServer;
let smtp: TestSmtpServer;
let counter = 0;

beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startTestServer({ SMTP_URL: smtp.url });
  const admin = await signUp(server.url, 'Admin');
  // Group gifts take pledges where the shop has a gift card.
  await admin.client.post('/referral-rules', { matcher: 'giftshop.example', programName: 'Gift Shop', giftCardUrl: 'https://giftshop.example/cards' });
});
afterAll(async () => {
  await server.stop();
  await smtp.stop();
});

const GERMAN = { 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' };
const guestAddress = (tag: string) => `${tag}-${++counter}-${Date.now()}@guests.example`;

async function speaking(account: Account, language: string | null): Promise<Account> {
  expect((await account.client.put('/users/profile/language', { language })).status).toBe(200);
  return account;
}

/** The newest mail to `to` after `before` mails had arrived. */
async function mailTo(to: string, before = 0): Promise<ReceivedMail> {
  for (let attempt = 0; attempt < 400; attempt++) {
    const mail = smtp.mails.slice(before).find((m) => m.to.includes(to));
    if (mail) return mail;
    await Bun.sleep(25);
  }
  throw new Error(`no mail to ${to}`);
}

async function groupGiftList(owner: Account) {
  const list = (await owner.client.post<Wishlist>('/wishlists', { name: 'Hochzeit' })).body;
  const item = await addItem(owner.client, list._id, { title: 'Kinderwagen', price: '3000', currency: 'EUR', url: 'https://giftshop.example/pram', isGroupGift: true });
  return { list, item };
}

describe('the password reset mail', () => {
  it("is in the account's language whatever the request asks for", async () => {
    const anna = await speaking(await signUp(server.url, 'Anna'), 'de');
    const res = await new ApiClient(server.url).post('/users/forgot-password', { email: anna.email }, { headers: { 'accept-language': 'en-GB' } });
    expect(res.status).toBe(200);
    const mail = await mailTo(anna.email);
    expect(mail.subject).toBe('Dein Passwort für Wishwell zurücksetzen');
    expect(mail.text).toContain('Hallo Anna,');
    expect(mail.text).toContain('Öffne diesen Link innerhalb einer Stunde, um ein neues Passwort festzulegen:');
    expect(mail.text).toMatch(/\/reset-password\/[\w-]+/);
    expect(mail.text).toContain('Falls du das nicht warst, ignoriere diese E-Mail einfach: Dein Passwort bleibt, wie es ist.');
  });

  it('follows the ww_lang cookie, else Accept-Language, when the account chose none; English otherwise', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ cookie: 'ww_lang=fr', 'accept-language': 'de' }, 'Réinitialisez votre mot de passe Wishwell'],
      [{ 'accept-language': 'es-MX,es;q=0.9' }, 'Restablece tu contraseña de Wishwell'],
      [{ 'accept-language': 'it-CH,it;q=0.9' }, 'Reimposta la tua password di Wishwell'],
      [{ cookie: 'ww_lang=nl', 'accept-language': 'de' }, 'Stel je wachtwoord voor Wishwell opnieuw in'],
      [{ 'accept-language': 'pl-PL,pl;q=0.9' }, 'Zresetuj hasło do Wishwell'],
      [{ 'accept-language': 'ko-KR' }, 'Reset your Wishwell password'],
    ];
    for (const [headers, subject] of cases) {
      const person = await signUp(server.url, 'Noor');
      const before = smtp.mails.length;
      await new ApiClient(server.url).post('/users/forgot-password', { email: person.email }, { headers });
      expect((await mailTo(person.email, before)).subject).toBe(subject);
    }
  });
});

describe('mails a list causes', () => {
  it("invitations and shares go in the recipient account's language, else in the sender's", async () => {
    const owner = await speaking(await signUp(server.url, 'Jonas'), 'de');
    const list = (await owner.client.post<Wishlist>('/wishlists', { name: 'Geburtstag' })).body;
    const french = await speaking(await signUp(server.url, 'Claire'), 'fr');
    const stranger = guestAddress('invited');

    expect((await owner.client.post(`/wishlists/${list._id}/editors`, { email: stranger })).status).toBe(200);
    const invitation = await mailTo(stranger);
    expect(invitation.subject).toBe('Jonas lädt dich ein, die Wunschliste „Geburtstag“ mitzubearbeiten');
    expect(invitation.text).toContain('Hallo,');
    expect(invitation.text).toMatch(/\/invitations\/[\w-]+/);

    expect((await owner.client.post(`/wishlists/${list._id}/editors`, { email: french.email })).status).toBe(200);
    expect((await mailTo(french.email)).subject).toBe('Jonas vous invite à modifier la liste «\u00a0Geburtstag\u00a0»');

    const friend = guestAddress('shared');
    const shared = await owner.client.post(`/wishlists/${list._id}/share`, { recipients: friend, message: 'Bis bald!', domain: '' });
    expect(shared.status, JSON.stringify(shared.body)).toBe(200);
    const share = await mailTo(friend);
    expect(share.subject).toBe('Jonas hat eine Wunschliste mit dir geteilt: Geburtstag');
    expect(share.text).toContain('Jonas hat die Wunschliste „Geburtstag“ mit dir geteilt.');
    expect(share.text).toContain('Bis bald!');
    expect(share.text).toMatch(new RegExp(`Hier kannst du sie öffnen: http://\\S+/share/wishlist/${list._id}`));
  });

  it("a guest's reservation mail is in the guest's language, amounts written the German way; the re-list notice in the re-lister's", async () => {
    const owner = await signUp(server.url, 'Mia');
    const { list, item } = await groupGiftList(owner);
    const buyer = guestAddress('buyer');
    const pledged = await new ApiClient(server.url).post(`/wishlists/share/${list._id}/items/${item._id}/pledges`, { amount: '1234.5', name: 'Ben', email: buyer }, { headers: GERMAN });
    expect(pledged.status, JSON.stringify(pledged.body)).toBe(200);
    const receipt = await mailTo(buyer);
    expect(receipt.subject).toBe('Du hast „Kinderwagen“ reserviert');
    expect(receipt.text).toContain('Du hast 1.234,50\u00a0€ für „Kinderwagen“ auf der Wunschliste „Hochzeit“ zugesagt.');
    expect(receipt.text).toMatch(/\/claims\/[\w-]+/);

    // The owner re-lists while reading Spanish: the guest (no account) is told in Spanish.
    const before = smtp.mails.length;
    owner.client.cookies.set('ww_lang', 'es');
    const relisted = await owner.client.put(`/wishlists/${list._id}/items/${item._id}/unpurchase`);
    expect(relisted.status, JSON.stringify(relisted.body)).toBe(200);
    const notice = await mailTo(buyer, before);
    expect(notice.subject).toBe('«Kinderwagen» vuelve a estar en la lista');
    expect(notice.text).toContain(`vuelve a marcarlo aquí: http://`);
  });

  it('keeps the English texts exactly for an English reader', async () => {
    const owner = await signUp(server.url, 'Sam');
    const list = (await owner.client.post<Wishlist>('/wishlists', { name: 'Birthday' })).body;
    const item = await addItem(owner.client, list._id, { title: 'Kite', quantity: 3 });
    const buyer = guestAddress('english');
    await new ApiClient(server.url).put(`/wishlists/share/${list._id}/items/${item._id}`, { quantityPurchased: 2, purchasedBy: 'Kim', email: buyer }, { headers: { 'accept-language': 'en-US' } });
    const receipt = await mailTo(buyer);
    expect(receipt.subject).toBe('You reserved "Kite"');
    expect(receipt.text).toContain('You reserved 2 × "Kite" on the wishlist "Birthday".');
    expect(receipt.text).toContain('To change how many you are giving, or to undo it, open this link (keep it to yourself: anyone with it can change your reservation):');
  });
});

describe('event dates', () => {
  const MONATE = ['Januar', 'Februar', 'März', 'April', 'Mai', 'Juni', 'Juli', 'August', 'September', 'Oktober', 'November', 'Dezember'];

  it("are written out in the recipient's language in the follower's reminder and the owner's notification mail, the day itself", async () => {
    const owner = await speaking(await signUp(server.url, 'Greta'), 'de');
    expect((await owner.client.put('/notifications/preferences', { mail: ['event-coming'] })).status).toBe(200);
    const day = new Date(Date.now() + 3 * 86_400_000);
    const eventDate = day.toISOString().slice(0, 10);
    const list = (await owner.client.post<Wishlist>('/wishlists', { name: 'Geburtstag', eventDate })).body;
    const fan = await speaking(await signUp(server.url, 'Fritz'), 'de');
    expect((await fan.client.put(`/follows/${list._id}`, { reminderDays: 7 })).body).toMatchObject({ following: true });

    await server.runJob('reminders');
    await server.runJob('notifications.mail');
    const german = `${day.getUTCDate()}. ${MONATE[day.getUTCMonth()]} ${day.getUTCFullYear()}`;
    const reminder = await mailTo(fan.email);
    expect(reminder.subject).toBe(`Bald ist es so weit, am ${german}: „Geburtstag“`);
    const nudge = await mailTo(owner.email);
    expect(nudge.text).toContain(german);
    expect(`${reminder.text}${nudge.text}`).not.toContain(eventDate);
  });
});

describe('the reveal mail', () => {
  it("is in the owner's chosen language (no request causes it)", async () => {
    await server.stop(); // one server runs in the test worker at a time: this test's own, on a clock it moves
    const dataDir = mkdtempSync(join(tmpdir(), 'wishwell-reveal-lang-'));
    const clock = new ManualClock();
    let running = await startTestServer({ env: { SMTP_URL: smtp.url }, dataDir, clock });
    const port = Number(new URL(running.url).port);
    try {
      await signUp(running.url, 'Admin');
      const owner = await speaking(await signUp(running.url, 'Lucía'), 'es');
      const revealAt = clock.now() + 1500;
      const list = (await owner.client.post<Wishlist>('/wishlists', { name: 'Cumpleaños', surpriseUntil: new Date(revealAt).toISOString() })).body;
      await running.stop();
      await clock.advanceTo(revealAt + 1); // the date passes while the server is down
      running = await startTestServer({ env: { SMTP_URL: smtp.url }, dataDir, port, clock });
      await clock.advance(1000); // the job's first turn, a second after start
      const [mail] = smtp.mails.filter((m) => m.to.includes(owner.email));
      if (!mail) throw new Error(`no reveal mail to ${owner.email}`);
      expect(mail.subject).toBe('Tus regalos ya se pueden ver');
      expect(mail.text).toContain('Hola, Lucía:');
      expect(mail.text).toContain('La sorpresa de tu lista de deseos «Cumpleaños» ha terminado');
      expect(mail.text).toContain(`/wishlist/${list._id}`);
    } finally {
      await running.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
