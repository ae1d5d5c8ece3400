import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Wishlist } from '@wishwell/shared/wishlist-types';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp';
import { startTestServer, type TestServer } from '../support/test-server';
import { signUp, type Account } from '../support/wishlists';

let smtp: TestSmtpServer;
let server: TestServer;
let owner: Account;
let list: Wishlist;

beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startTestServer({ SMTP_URL: smtp.url });
  await signUp(server.url, 'Admin');
  owner = await signUp(server.url, 'Olivia Owner');
  list = (await owner.client.post<Wishlist>('/wishlists', { name: 'Christmas 2026', theme: 'Christmas' })).body;
});
afterAll(async () => {
  await server.stop();
  await smtp.stop();
});

describe('POST /wishlists/{id}/share', () => {
  it("sends one mail per recipient with the share link and the sender's message", async () => {
    const res = await owner.client.post(`/wishlists/${list._id}/share`, {
      recipients: 'ann@example.com, bob@example.com',
      message: 'Ideas for Christmas!',
      domain: '127.0.0.1',
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Email sent successfully!');
    for (const recipient of ['ann@example.com', 'bob@example.com']) {
      const mail = await smtp.waitForMail(recipient);
      expect(mail.to).toEqual([recipient]);
      expect(mail.subject).toContain('Olivia Owner');
      expect(mail.text).toContain('Ideas for Christmas!');
      expect(mail.text).toContain(`${server.url}/share/wishlist/${list._id}`);
    }
  });

  it('does not point links at a domain this server does not serve', async () => {
    await owner.client.post(`/wishlists/${list._id}/share`, { recipients: 'carl@example.com', domain: 'evil.example' });
    const mail = await smtp.waitForMail('carl@example.com');
    expect(mail.text).toContain(`${server.url}/share/wishlist/${list._id}`);
    expect(mail.text).not.toContain('evil.example');
  });

  it('names every bad address and sends nothing', async () => {
    const before = smtp.mails.length;
    const res = await owner.client.post(`/wishlists/${list._id}/share`, { recipients: 'dee@example.com, not-an-address, also@bad', domain: 'localhost' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('These are not valid e-mail addresses: not-an-address, also@bad');
    expect(smtp.mails.length).toBe(before);
  });

  it('limits how often an account shares by e-mail', async () => {
    const sender = await signUp(server.url, 'Busy Sharer');
    const own = (await sender.client.post<Wishlist>('/wishlists', { name: 'Mine' })).body;
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push((await sender.client.post(`/wishlists/${own._id}/share`, { recipients: `r${i}@example.com`, domain: 'localhost' })).status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});
