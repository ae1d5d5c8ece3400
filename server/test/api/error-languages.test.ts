import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Wishlist } from '@wishwell/shared/wishlist-types';
import { ApiClient } from '../support/api-client';
import { startTestServer, type TestServer } from '../support/test-server';
import { createApiToken } from '../support/api-tokens';
import { addItem, signUp, type Account } from '../support/wishlists';

// API error messages in the caller's language (the account's setting, else the ww_lang cookie,
// else Accept-Language); the status codes stay what they were, and English stays the spec's.

let server: TestServer;
let admin: Account;

beforeAll(async () => {
  server = await startTestServer();
  admin = await signUp(server.url, 'Admin');
});
afterAll(() => server.stop());

const GERMAN = { headers: { 'accept-language': 'de-DE,de;q=0.9' } };

describe('API error messages', () => {
  it('answer a German 400, 401, 404 and 409 for a browser asking for German, with the same status codes', async () => {
    const client = new ApiClient(server.url);
    const taken = await signUp(server.url, 'Taken');

    const badLogin = await client.post('/users/login', { email: taken.email, password: 'wrong password' }, GERMAN);
    expect(badLogin.status).toBe(401);
    expect(badLogin.body).toEqual({ message: 'E-Mail-Adresse oder Passwort ist falsch' });

    const missing = await client.get('/wishlists/share/does-not-exist', GERMAN);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: 'Diese Wunschliste wurde nicht gefunden.' });

    const conflict = await client.post('/users/register', { name: 'Zweite', email: taken.email, password: 'correct horse', domain: 'localhost' }, GERMAN);
    expect(conflict.status).toBe(409);
    expect(conflict.body).toEqual({ message: 'Es gibt schon ein Konto mit dieser E-Mail-Adresse. Melde dich an oder nimm eine andere E-Mail-Adresse.' });

    const shortPassword = await client.post('/users/register', { name: 'Kurz', email: `kurz-${Date.now()}@example.com`, password: 'short', domain: 'localhost' }, GERMAN);
    expect(shortPassword.status).toBe(400);
    expect(shortPassword.body.message).toBe('Dein Passwort muss mindestens 8 Zeichen lang sein.');
  });

  it('carry the parts that vary into the translation (a 409 naming what is still wanted)', async () => {
    const owner = await signUp(server.url, 'Owner');
    const list = (await owner.client.post<Wishlist>('/wishlists', { name: 'Fiesta' })).body;
    const item = await addItem(owner.client, list._id, { title: 'Piñata', quantity: 2 });
    const res = await new ApiClient(server.url).put(`/wishlists/share/${list._id}/items/${item._id}`, { quantityPurchased: 3, purchasedBy: 'Ana' }, { headers: { cookie: 'ww_lang=es' } });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Solo quedan 2 unidades deseadas de este artículo, no 3.');
  });

  it("follow the signed-in account's language over the browser's, and the cookie over Accept-Language", async () => {
    const person = await signUp(server.url, 'Margot');
    await person.client.put('/users/profile/language', { language: 'fr' });
    const wrong = await person.client.put('/users/profile/password', { currentPassword: 'not it at all', newPassword: 'another password' }, GERMAN);
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Votre mot de passe actuel est incorrect.');

    const guest = new ApiClient(server.url);
    guest.cookies.set('ww_lang', 'es');
    const signedOut = await guest.get('/users/profile', GERMAN);
    expect(signedOut.status).toBe(401);
    expect(signedOut.body.message).toBe('Inicia sesión para continuar.');
  });

  it('cover the validation, API token and admin texts too, translating the field a message names', async () => {
    const owner = await signUp(server.url, 'Lea');
    const French = { headers: { 'accept-language': 'fr-FR,fr;q=0.9' } };
    const tooLong = await owner.client.post('/wishlists', { name: 'Noël', description: 'x'.repeat(5001) }, French);
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toEqual({ message: 'La description\u00a0: 5000 caractères au maximum.' });

    const { token } = await createApiToken(owner, 'read');
    const readOnly = await new ApiClient(server.url).post('/wishlists', { name: 'Script' }, { headers: { authorization: `Bearer ${token}`, 'accept-language': 'de' } });
    expect(readOnly.status).toBe(403);
    expect(readOnly.body).toEqual({ message: 'Dieses API-Token darf nur lesen. Leg ein Token mit Lese- und Schreibrechten an, um etwas zu ändern.' });

    const badColour = await admin.client.post('/domain-configs', { hostname: 'familia.example.com', companyName: 'Familia', logoUrl: '/Logo.png', primaryColor: 'pink', secondaryColor: '#e84393', landingPageHeadline: '', landingPageSubheadline: '' }, { headers: { 'accept-language': 'es-ES' } });
    expect(badColour.status).toBe(400);
    expect(badColour.body).toEqual({ message: 'El color principal debe ser un color hexadecimal como #e84393.' });
  });

  it('answer Italian, Dutch and Polish browsers in their language, the field a message names translated too', async () => {
    const client = new ApiClient(server.url);
    const missing = async (language: string) => (await client.get('/wishlists/share/does-not-exist', { headers: { 'accept-language': language } })).body.message;
    expect(await missing('it-IT,it;q=0.9')).toBe('Impossibile trovare questa lista dei desideri.');
    expect(await missing('nl-BE')).toBe('Deze verlanglijst is niet gevonden.');
    const owner = await signUp(server.url, 'Zofia');
    const tooLong = await owner.client.post('/wishlists', { name: 'Imieniny', description: 'x'.repeat(5001) }, { headers: { 'accept-language': 'pl-PL,pl;q=0.9' } });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toEqual({ message: 'Opis: najwyżej 5000 znaków.' });
  });

  it('stay exactly English for English readers and for texts the catalogue lacks', async () => {
    const client = new ApiClient(server.url);
    const english = await client.get('/wishlists/share/does-not-exist', { headers: { 'accept-language': 'en-GB,de;q=0.5' } });
    expect(english.body).toEqual({ message: 'Could not find this wishlist.' });
    const unknownLanguage = await client.get('/wishlists/share/does-not-exist', { headers: { 'accept-language': 'ko' } });
    expect(unknownLanguage.body).toEqual({ message: 'Could not find this wishlist.' });
  });
});
