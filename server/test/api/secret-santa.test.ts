/**
 * Secret Santa over real HTTP and a real SMTP server, on both engines: a draw made, drawn and
 * mailed; each participant sees only whom they give to; the organiser, the admin and every
 * other caller never see a pair; redraw rules, anonymous questions, attached lists and limits.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminDraw, CircleDraw, DrawResult, MyDraws, OrganisedDraw } from '@wishwell/shared/secret-santa-types';
import type { Wishlist } from '@wishwell/shared/wishlist-types';
import { ApiClient, type ApiResponse } from '../support/api-client';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp';
import { startTestServer, type TestServer } from '../support/test-server';
import { signUp, type Account } from '../support/wishlists';

const QUESTIONS_PER_DAY = 3;
const DRAWS_PER_DAY = 12;

let server: TestServer;
let smtp: TestSmtpServer;
let admin: Account;
let organiser: Account;
let paul: Account;
let stranger: Account;
let people = 0;

beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startTestServer({ env: { SMTP_URL: smtp.url, SANTA_QUESTIONS_PER_DAY: String(QUESTIONS_PER_DAY), SANTA_DRAWS_PER_DAY: String(DRAWS_PER_DAY) } });
  admin = await signUp(server.url, 'Admin');
  organiser = await signUp(server.url, 'Olga');
  paul = await signUp(server.url, 'Paul');
  stranger = await signUp(server.url, 'Sam');
});
afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
});

const person = (name: string) => ({ name, email: `${name.toLowerCase()}.${Date.now()}.${++people}@example.com` });

/** Olga (the organiser, taking part), Paul (an account), Anna and Ben (no accounts); Anna and Ben must not draw each other. */
function family() {
  const anna = person('Anna');
  const ben = person('Ben');
  return { participants: [{ name: 'Olga', email: organiser.email }, { name: 'Paul', email: paul.email }, anna, ben], anna, ben };
}

async function created(body: object, by: Account = organiser): Promise<OrganisedDraw> {
  const res = await by.client.post<OrganisedDraw>('/draws', body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

/** Draws the names and sends the queued mails; answers each participant's result link token by e-mail. */
async function drawn(draw: OrganisedDraw, by: Account = organiser): Promise<{ answer: ApiResponse<OrganisedDraw>; tokens: Map<string, string> }> {
  await server.runJob('mail.outbox'); // earlier tests' mails arrive before this draw's are counted
  const before = smtp.mails.length;
  const answer = await by.client.post<OrganisedDraw>(`/draws/${draw.id}/run`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  await server.runJob('mail.outbox');
  const tokens = new Map<string, string>();
  for (const mail of smtp.mails.slice(before)) tokens.set(mail.to[0]!, /\/santa\/result\/([\w-]+)/.exec(mail.text)![1]!);
  expect(tokens.size).toBe(draw.participants.length);
  return { answer, tokens };
}

const resultOf = async (token: string) => (await new ApiClient(server.url).get<DrawResult>(`/draws/result/${token}`)).body;

describe('a draw', () => {
  it('gives everyone one valid giftee, mails each only their own link, and tells the organiser nothing of the pairs', async () => {
    const { participants, anna, ben } = family();
    const draw = await created({ name: 'Family Christmas', participants, exclusions: [[anna.email, ben.email]], budget: 2500, currency: 'EUR', date: '2026-12-24' });
    const { answer, tokens } = await drawn(draw);
    for (const mail of smtp.mails.slice(-4)) {
      expect(mail.subject).toBe('Secret Santa: Family Christmas');
      // The mail names its addressee and the organiser, never a giftee (the link's random token aside: it may hold "Ben").
      const others = participants.filter((other) => other.name !== 'Olga' && other.email !== mail.to[0]);
      const words = mail.text.replace(/https?:\/\/\S+/g, '');
      for (const other of others) expect(words).not.toContain(other.name);
    }
    const results = await Promise.all(participants.map(async (participant) => [participant, await resultOf(tokens.get(participant.email)!)] as const));
    const recipients = results.map(([participant, result]) => {
      expect(result.you.email).toBe(participant.email);
      expect(result.recipient!.name).not.toBe(participant.name);
      expect(result).toMatchObject({ drawName: 'Family Christmas', organiser: 'Olga', budget: 2500, currency: 'EUR', date: '2026-12-24' });
      return result.recipient!.name;
    });
    expect(recipients.sort()).toEqual(['Anna', 'Ben', 'Olga', 'Paul']);
    const annaGives = results.find(([participant]) => participant === anna)![1].recipient!.name;
    const benGives = results.find(([participant]) => participant === ben)![1].recipient!.name;
    expect([annaGives, benGives]).not.toContain('Anna');
    expect([annaGives, benGives].filter((name) => name === 'Ben')).toEqual([]);

    // The organiser's answers: who opened (all did), never whom anyone gives to.
    const view = (await organiser.client.get<OrganisedDraw>(`/draws/${draw.id}`)).body;
    expect(view.participants.every((participant) => participant.opened)).toBe(true);
    for (const organiserAnswer of [answer.body, view, (await organiser.client.get<MyDraws>('/draws')).body]) {
      expect(JSON.stringify(organiserAnswer)).not.toMatch(/recipient|giftee|token/i);
    }
    // Nor does the organiser's account export (nor anyone's link in it).
    const exported = JSON.stringify((await organiser.client.get('/users/export')).body);
    expect(exported).not.toMatch(/recipient|giftee/i);
    for (const token of tokens.values()) expect(exported).not.toContain(token);
    // As a participant, the organiser sees their own result only.
    const own = (await organiser.client.get<DrawResult>(`/draws/${draw.id}/result`)).body;
    expect(own.you.name).toBe('Olga');
    expect(JSON.stringify(own)).not.toContain(tokens.get(anna.email)!);
  });

  it('refuses an impossible set of exclusions with a message naming the conflict, and saves nothing', async () => {
    const [anna, ben, carl] = [person('Anna'), person('Ben'), person('Carl')];
    const before = (await organiser.client.get<MyDraws>('/draws')).body.organised.length;
    const res = await organiser.client.post('/draws', { participants: [anna, ben, carl], exclusions: [[anna.email, carl.email]] });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('Anna can only give to Ben, and so can Carl: remove one of their exclusions.');
    const german = await organiser.client.post('/draws', { participants: [anna, ben, carl], exclusions: [[anna.email, ben.email], [anna.email, carl.email]] }, { headers: { 'accept-language': 'de' } });
    expect(german.status).toBe(422);
    // More than 18 people, one of them kept from 4: refused, naming them (the draw could not be shown uniform).
    const crowd = Array.from({ length: 19 }, (_, index) => person(`Guest${index}`));
    const crowded = await organiser.client.post('/draws', { participants: crowd, exclusions: crowd.slice(1, 5).map((other) => [crowd[0]!.email, other.email]) });
    expect([crowded.status, crowded.body.message]).toEqual([422, 'Guest0 has 4 exclusions: in a group of more than 18, each person may have at most 3. Remove some of them.']);
    expect((await organiser.client.get<MyDraws>('/draws')).body.organised.length).toBe(before);
  });

  it('refuses bad input with a clear 400', async () => {
    const [anna, ben] = [person('Anna'), person('Ben')];
    const cases: [object, string][] = [
      [{ participants: [anna, ben] }, 'A Secret Santa needs at least 3 participants.'],
      [{ participants: [anna, ben, anna] }, `${anna.email} is listed twice: each participant needs their own e-mail address.`],
      [{ participants: [anna, ben, { name: 'Carl', email: 'not-an-address' }] }, 'This is not a valid e-mail address: not-an-address'],
      [{ participants: [anna, ben, person('Carl')], exclusions: [[anna.email, 'zoe@example.com']] }, 'zoe@example.com is in an exclusion but not among the participants.'],
      [{ participants: [anna, ben, person('Carl')], date: '24.12.2026' }, 'The date must be a day (YYYY-MM-DD).'],
      [{ participants: Array.from({ length: 101 }, (_, index) => person(`P${index}`)) }, 'A draw can have at most 100 participants.'],
    ];
    for (const [body, message] of cases) {
      const res = await organiser.client.post('/draws', body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    }
  });
});

describe('redrawing', () => {
  it('draws again (and mails again) while nobody has looked; once someone has, only starting over, which kills the old links', async () => {
    const { participants } = family();
    const draw = await created({ participants });
    const first = await drawn(draw);
    const again = await drawn(draw);
    expect(smtp.mails.slice(-4).every((mail) => mail.text.includes('were drawn again'))).toBe(true);
    expect([...again.tokens.values()].sort()).toEqual([...first.tokens.values()].sort());

    await resultOf(first.tokens.get(paul.email)!);
    const refused = await organiser.client.post(`/draws/${draw.id}/run`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('cannot be drawn again');
    expect((await organiser.client.get<OrganisedDraw>(`/draws/${draw.id}`)).body).toMatchObject({ canRedraw: false });

    const restarted = await organiser.client.post<OrganisedDraw>(`/draws/${draw.id}/start-over`);
    expect(restarted.status).toBe(200);
    expect(restarted.body.id).not.toBe(draw.id);
    expect(restarted.body.drawnAt).toBeNull();
    const old = await new ApiClient(server.url).get(`/draws/result/${first.tokens.get(paul.email)}`);
    expect(old.status).toBe(401);
    expect(old.body.message).toContain('not valid');
    const fresh = await drawn(restarted.body);
    expect(fresh.tokens.get(paul.email)).not.toBe(first.tokens.get(paul.email));
  });
});

describe('a participant', () => {
  it('asks their giftee anonymously; the giftee is told by mail and on their page, answers, and the asker reads the answer', async () => {
    const { participants, anna } = family();
    const draw = await created({ name: 'Office', participants });
    const { tokens } = await drawn(draw);
    const asker = await resultOf(tokens.get(anna.email)!);
    const giftee = participants.find((participant) => participant.name === asker.recipient!.name)!;
    const asked = await new ApiClient(server.url).post<DrawResult>(`/draws/result/${tokens.get(anna.email)}/questions`, { text: 'Which size are your gloves?' });
    expect(asked.status).toBe(200);
    expect(asked.body.asked).toMatchObject([{ question: 'Which size are your gloves?', answer: null }]);
    await server.runJob('mail.outbox');
    const mail = smtp.mails.at(-1)!;
    expect(mail.to).toEqual([giftee.email]);
    expect(mail.text).toContain('Which size are your gloves?');
    expect(mail.text).not.toContain('Anna');

    const theirs = await resultOf(tokens.get(giftee.email)!);
    expect(theirs.askedOfYou).toHaveLength(1);
    expect(Object.keys(theirs.askedOfYou[0]!).sort()).toEqual(['answer', 'askedAt', 'id', 'question']);
    const answered = await new ApiClient(server.url).put(`/draws/result/${tokens.get(giftee.email)}/answers/${theirs.askedOfYou[0]!.id}`, { text: 'Medium, thanks!' });
    expect(answered.status).toBe(200);
    expect((await resultOf(tokens.get(anna.email)!)).asked[0]!.answer).toBe('Medium, thanks!');
    // Nobody else can answer it, and the giftee cannot answer a question not asked of them.
    const intruder = participants.find((participant) => participant !== giftee)!;
    expect((await new ApiClient(server.url).put(`/draws/result/${tokens.get(intruder.email)}/answers/${theirs.askedOfYou[0]!.id}`, { text: 'x' })).status).toBe(404);
  });

  it('is limited in questions per day', async () => {
    const { participants, anna } = family();
    const { tokens } = await drawn(await created({ participants }));
    const ask = () => new ApiClient(server.url).post(`/draws/result/${tokens.get(anna.email)}/questions`, { text: 'Tea or coffee?' });
    for (let index = 0; index < QUESTIONS_PER_DAY; index++) expect((await ask()).status).toBe(200);
    const refused = await ask();
    expect(refused.status).toBe(429);
    expect(refused.body.message).toContain('Too many questions today.');
  });

  it("attaches a list by its share link, which their giver sees; a link to no list is refused", async () => {
    const { participants, ben } = family();
    const { tokens } = await drawn(await created({ participants }));
    const list = (await paul.client.post<Wishlist>('/wishlists', { name: "Paul's wishes", theme: 'Christmas' })).body;
    const attached = await new ApiClient(server.url).put<DrawResult>(`/draws/result/${tokens.get(paul.email)}/list`, { link: `${server.url}/share/wishlist/${list._id}` });
    expect(attached.status).toBe(200);
    expect(attached.body.you.list).toEqual({ id: list._id, name: "Paul's wishes" });
    const giver = await Promise.all([...tokens.values()].map(resultOf)).then((all) => all.find((result) => result.recipient?.name === 'Paul')!);
    expect(giver.recipient!.list).toEqual({ id: list._id, name: "Paul's wishes" });
    const bad = await new ApiClient(server.url).put(`/draws/result/${tokens.get(ben.email)}/list`, { link: 'https://example.com/nothing' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Paste the share link of a wishlist on this site.');
  });
});

describe('the admin console', () => {
  it('shows that draws happened (organiser, size, dates), never a pair', async () => {
    const res = await admin.client.get<AdminDraw[]>('/admin/draws');
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThan(2);
    expect(res.body[0]).toMatchObject({ organiser: organiser.email, participants: 4 });
    expect(JSON.stringify(res.body)).not.toMatch(/recipient|Anna|Ben|Paul|token/);
  });
});

describe('limits', () => {
  it('caps the draws one organiser makes per day', async () => {
    const busy = await signUp(server.url, 'Busy');
    for (let index = 0; index < DRAWS_PER_DAY; index++) await created({ participants: [person('A'), person('B'), person('C')] }, busy);
    const refused = await busy.client.post('/draws', { participants: [person('A'), person('B'), person('C')] });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toContain('Too many Secret Santa draws today.');
  });
});

describe('access to every draw route', () => {
  it('lets each role do only what it may: organiser, participant by link or account, stranger, anonymous', async () => {
    const { participants, anna } = family();
    const draw = await created({ participants });
    const { tokens } = await drawn(draw);
    const token = tokens.get(anna.email)!;
    expect((await resultOf(token)).you.name).toBe('Anna'); // opened: no redraw now
    const anonymous = new ApiClient(server.url);
    const routes: { call: (client: ApiClient) => Promise<ApiResponse>; organiser: number; participantAccount: number; stranger: number; anonymous: number }[] = [
      { call: (c) => c.get(`/draws/${draw.id}`), organiser: 200, participantAccount: 403, stranger: 403, anonymous: 401 },
      { call: (c) => c.post(`/draws/${draw.id}/run`), organiser: 409, participantAccount: 403, stranger: 403, anonymous: 401 },
      { call: (c) => c.get(`/draws/${draw.id}/result`), organiser: 200, participantAccount: 200, stranger: 403, anonymous: 401 },
      { call: (c) => c.get('/admin/draws'), organiser: 403, participantAccount: 403, stranger: 403, anonymous: 401 },
      { call: (c) => c.get('/draws/result/forged-token'), organiser: 401, participantAccount: 401, stranger: 401, anonymous: 401 },
      { call: (c) => c.post('/draws/result/forged-token/questions', { text: 'Hi?' }), organiser: 401, participantAccount: 401, stranger: 401, anonymous: 401 },
      { call: (c) => c.delete(`/draws/${draw.id}`), organiser: 200, participantAccount: 403, stranger: 403, anonymous: 401 },
    ];
    for (const route of routes.slice(0, -1)) {
      expect((await route.call(anonymous)).status).toBe(route.anonymous);
      expect((await route.call(stranger.client)).status).toBe(route.stranger);
      expect((await route.call(paul.client)).status).toBe(route.participantAccount);
      const answer = await route.call(organiser.client);
      expect(answer.status).toBe(route.organiser);
      if (answer.status === 200 && answer.body && !('you' in answer.body)) expect(JSON.stringify(answer.body)).not.toMatch(/recipient|Token/i);
    }
    // A participant's link opens their own result whoever holds it, and only theirs.
    expect((await stranger.client.get<DrawResult>(`/draws/result/${token}`)).body.you.name).toBe('Anna');
    const last = routes.at(-1)!;
    expect((await last.call(anonymous)).status).toBe(last.anonymous);
    expect((await last.call(stranger.client)).status).toBe(last.stranger);
    expect((await last.call(paul.client)).status).toBe(last.participantAccount);
    expect((await last.call(organiser.client)).status).toBe(last.organiser);
    expect((await anonymous.get(`/draws/result/${token}`)).status).toBe(401);
  });
});

describe('a draw within a gift circle', () => {
  it("takes the circle's members besides the people listed; someone outside the circle cannot start one from it", async () => {
    const made = await organiser.client.post<{ _id: string; inviteLink: string }>('/circles', { name: 'Cousins' });
    expect(made.status).toBe(200);
    const joinToken = made.body.inviteLink.match(/\/circles\/join\/([\w-]+)$/)![1]!;
    expect((await paul.client.post(`/circles/join/${joinToken}`)).status).toBe(200);
    const anna = person('Anna');

    const draw = await created({ name: 'Cousins', circleId: made.body._id, participants: [anna], exclusions: [] });
    expect(draw.circleId).toBe(made.body._id);
    // The organiser sees the circle's members by name; the addresses only of themselves and of whom they listed.
    expect(draw.participants.map(({ name, email }) => ({ name, email }))).toEqual([
      { name: 'Olga', email: organiser.email },
      { name: 'Paul', email: null },
      { name: 'Anna', email: anna.email },
    ]);
    for (const answer of [draw, (await organiser.client.get<OrganisedDraw>(`/draws/${draw.id}`)).body, (await drawn(draw)).answer.body]) expect(JSON.stringify(answer)).not.toContain(paul.email);

    const refused = await stranger.client.post('/draws', { name: 'Not mine', circleId: made.body._id, participants: [person('Zoe'), person('Yan')], exclusions: [] });
    expect(refused.status).toBe(403);
  });
  it("keeps members apart by their user ids, whose addresses the organiser never sees; lists the circle's draws to its members, a late joiner's as made before they joined; refuses a pair naming no member in the caller's language", async () => {
    const rita = await signUp(server.url, 'Rita');
    const made = await organiser.client.post<{ _id: string; inviteLink: string }>('/circles', { name: 'Siblings' });
    const joinToken = made.body.inviteLink.match(/\/circles\/join\/([\w-]+)$/)![1]!;
    for (const member of [paul, rita]) expect((await member.client.post(`/circles/join/${joinToken}`)).status).toBe(200);
    const anna = person('Anna');
    const circleId = made.body._id;

    // Paul and Rita (members, by user id) must not draw each other, nor Olga and Anna (a member by id, a listed person by address).
    const draw = await created({ name: 'Siblings', circleId, participants: [anna], exclusions: [[paul.id, rita.id], [organiser.id, anna.email]] });
    const nameOf = (id: string) => draw.participants.find((participant) => participant.id === id)!.name;
    // A pair has no order (members who joined in the same millisecond are listed either way).
    expect(draw.exclusions.map((pair) => pair.map(nameOf).sort().join(' and ')).sort()).toEqual(['Anna and Olga', 'Paul and Rita']);
    const { answer, tokens } = await drawn(draw);
    const members = [paul.email, rita.email];
    for (const body of [draw, answer.body, (await organiser.client.get(`/draws/${draw.id}`)).body]) for (const email of members) expect(JSON.stringify(body)).not.toContain(email);
    const giftees = new Map(await Promise.all([...tokens].map(async ([email, token]) => [email, (await resultOf(token)).recipient!.name] as const)));
    expect(giftees.get(paul.email)).not.toBe('Rita');
    expect(giftees.get(rita.email)).not.toBe('Paul');
    expect(giftees.get(organiser.email)).not.toBe('Anna');
    expect(giftees.get(anna.email)).not.toBe('Olga');

    // Every member sees the circle's draws; only the organiser how many opened; someone outside the circle, nothing.
    expect((await organiser.client.get<CircleDraw[]>(`/circles/${circleId}/draws`)).body).toEqual([
      { id: draw.id, name: 'Siblings', date: null, drawnAt: expect.any(String), participants: 4, opened: 4, mine: true, takingPart: true, joinedAfter: false },
    ]);
    expect((await rita.client.get<CircleDraw[]>(`/circles/${circleId}/draws`)).body).toMatchObject([{ id: draw.id, opened: null, mine: false, takingPart: true, joinedAfter: false }]);
    expect((await stranger.client.get(`/circles/${circleId}/draws`)).status).toBe(403);
    // Tom joins after the draw was made: he sees it listed as made before he joined, and has no result to open.
    const tom = await signUp(server.url, 'Tom');
    expect((await tom.client.post(`/circles/join/${joinToken}`)).status).toBe(200);
    expect((await tom.client.get<CircleDraw[]>(`/circles/${circleId}/draws`)).body).toMatchObject([{ id: draw.id, opened: null, mine: false, takingPart: false, joinedAfter: true }]);
    expect((await tom.client.get(`/draws/${draw.id}/result`)).status).toBe(403);

    // A side naming no member is refused in the caller's language (Accept-Language, else the account's), and nothing is made.
    const badPair = { circleId, participants: [person('Zoe')], exclusions: [[paul.id, stranger.id]] };
    const refused = await organiser.client.post('/draws', badPair);
    expect([refused.status, refused.body]).toEqual([400, { message: 'An exclusion names someone who is not a member of this circle.' }]);
    const german = await organiser.client.post('/draws', badPair, { headers: { 'accept-language': 'de' } });
    expect([german.status, german.body]).toEqual([400, { message: 'Ein Ausschluss nennt jemanden, der nicht Mitglied dieses Kreises ist.' }]);
    expect((await rita.client.put('/users/profile/language', { language: 'fr' })).status).toBe(200);
    const french = await rita.client.post('/draws', badPair);
    expect([french.status, french.body]).toEqual([400, { message: 'Une exclusion désigne quelqu’un qui n’est pas membre de ce cercle.' }]);
    expect((await tom.client.get<CircleDraw[]>(`/circles/${circleId}/draws`)).body.map((listed) => listed.id)).toEqual([draw.id]);
  });
});

describe("avoiding the pairs of an earlier draw", () => {
  /** `by`'s drawn draw "Christmas 2025" of `people`; whom each gave to (by name), as their own links tell it. */
  async function lastYear(by: Account, people: { name: string; email: string }[]): Promise<{ draw: OrganisedDraw; gave: Map<string, string> }> {
    const draw = await created({ name: 'Christmas 2025', participants: people }, by);
    const { tokens } = await drawn(draw, by);
    const gave = new Map(await Promise.all(people.map(async ({ email }) => [email, (await resultOf(tokens.get(email)!)).recipient!.name] as const)));
    return { draw, gave };
  }

  it("never gives anyone whom they gave to then (matched by address in any case, kept on starting over); the organiser learns only that draw's name", async () => {
    const lena = await signUp(server.url, 'Lena');
    const four = [person('Anna'), person('Ben'), person('Carl'), person('Dora')];
    const earlier = await lastYear(lena, four);
    const avoided = { id: earlier.draw.id, name: 'Christmas 2025' };
    let draw = await created({ name: 'Christmas 2026', participants: four.map(({ name, email }) => ({ name, email: email.toUpperCase() })), avoidDrawId: earlier.draw.id }, lena);
    // Of the 9 ways four people can draw, avoiding last year's pairs leaves 2 or 4: five rounds all clear by chance at most 1 time in 50.
    for (let round = 0; round < 5; round++) {
      if (round > 0) draw = (await lena.client.post<OrganisedDraw>(`/draws/${draw.id}/start-over`)).body;
      expect([draw.avoidDraw, draw.exclusions]).toEqual([avoided, []]);
      const { answer, tokens } = await drawn(draw, lena);
      for (const { name, email } of four) expect((await resultOf(tokens.get(email)!)).recipient!.name, name).not.toBe(earlier.gave.get(email));
      const organiserSees = [answer.body, (await lena.client.get(`/draws/${draw.id}`)).body, (await lena.client.get('/draws')).body, (await lena.client.get('/users/export')).body];
      for (const body of organiserSees) expect(JSON.stringify(body)).not.toMatch(/recipient|giftee|avoidDrawId/i);
      expect((answer.body as OrganisedDraw).exclusions).toEqual([]);
    }
    // A deleted earlier draw is no longer avoided, and the draw says so.
    expect((await lena.client.delete(`/draws/${earlier.draw.id}`)).status).toBe(200);
    expect((await lena.client.get<OrganisedDraw>(`/draws/${draw.id}`)).body.avoidDraw).toBeNull();
  });

  it('refuses a draw only those pairs make impossible naming no one (matching by account a person whose address changed); refuses another organiser\'s draw as not found and an undrawn one', async () => {
    const mia = await signUp(server.url, 'Mia');
    const annaAccount = await signUp(server.url, 'Anna');
    const others = [person('Ben'), person('Carl'), person('Dora')];
    const earlier = await lastYear(mia, [{ name: 'Anna', email: annaAccount.email }, ...others]);
    // Anna has a new address since; this year Eva and Finn join, and Anna is kept from all but last year's giftee: matched by
    // her account, she is left no one (by her new address alone she would simply give to her giftee again).
    const anna = { name: 'Anna', email: `anna.new.${Date.now()}@example.com` };
    expect((await annaAccount.client.put('/users/profile', anna)).status).toBe(200);
    const six = [anna, ...others, person('Eva'), person('Finn')];
    const giftee = others.find(({ name }) => name === earlier.gave.get(annaAccount.email))!;
    const exclusions = six.filter((other) => other !== anna && other !== giftee).map((other) => [anna.email, other.email]);
    expect((await mia.client.post('/draws', { participants: six, exclusions })).status).toBe(201);
    const before = (await mia.client.get<MyDraws>('/draws')).body.organised.length;
    const refused = await mia.client.post('/draws', { name: 'Christmas 2026', participants: six, exclusions, avoidDrawId: earlier.draw.id });
    expect([refused.status, refused.body]).toEqual([422, { message: "Avoiding the pairs of “Christmas 2025” leaves no possible draw: add people, or don't avoid that draw." }]);
    const german = await mia.client.post('/draws', { participants: six, exclusions, avoidDrawId: earlier.draw.id }, { headers: { 'accept-language': 'de' } });
    expect([german.status, german.body.message]).toEqual([422, 'Ohne die Paare von „Christmas 2025“ geht keine Auslosung auf: Nimm weitere Personen dazu oder vermeide diese Paare nicht.']);
    expect((await mia.client.get<MyDraws>('/draws')).body.organised.length).toBe(before);

    // Someone else's draw answers exactly as one that does not exist: no way to probe for draws.
    const theirs = await stranger.client.post('/draws', { participants: six, avoidDrawId: earlier.draw.id });
    const unknown = await stranger.client.post('/draws', { participants: six, avoidDrawId: 'no-such-draw' });
    expect([theirs.status, theirs.body]).toEqual([404, { message: 'This Secret Santa draw does not exist (any more).' }]);
    expect(unknown.body).toEqual(theirs.body);
    const undrawn = (await mia.client.get<MyDraws>('/draws')).body.organised.find((draw) => !draw.drawnAt)!;
    const notYet = await mia.client.post('/draws', { participants: six, avoidDrawId: undrawn.id });
    expect([notYet.status, notYet.body.message]).toEqual([422, 'You can only avoid the pairs of one of your draws that has been drawn, in this circle or outside any circle.']);
  });
});

describe('an account whose address changes', () => {
  /** Signs up `person` by their own address (as given, in any case), as someone invited to a draw before they had an account does. */
  async function registered(person: { name: string; email: string }): Promise<ApiClient> {
    const client = new ApiClient(server.url);
    const res = await client.post('/users/register', { name: person.name, email: person.email, password: 'correct horse battery', domain: 'localhost' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return client;
  }
  const movesHouse = async (client: ApiClient, name: string) => expect((await client.put('/users/profile', { name, email: `${name.toLowerCase()}.moved.${Date.now()}.${++people}@example.com` })).status).toBe(200);
  const listedTo = async (client: ApiClient) => (await client.get<MyDraws>('/draws')).body.takingPart.map((draw) => draw.id);

  it('keeps its draws listed and their results open: by the account the draw recorded, or the one that opened its link signed in', async () => {
    const rosa = await signUp(server.url, 'Rosa');
    const [anna, ben] = [person('Anna'), person('Ben')];
    const draw = await created({ name: 'Moving house', participants: [{ name: 'Rosa', email: rosa.email }, anna, ben] });
    const { tokens } = await drawn(draw);

    // Anna signs up after the draw, her address in capitals: her draw is hers by address until she opens her link signed in.
    const annaClient = await registered({ name: 'Anna', email: anna.email.toUpperCase() });
    expect(await listedTo(annaClient)).toEqual([draw.id]);
    expect((await annaClient.get(`/draws/result/${tokens.get(anna.email)}`)).status).toBe(200);
    // Rosa, already in the draw, opens Ben's link signed in: it shows Ben's result and does not make her Ben.
    expect((await rosa.client.get<DrawResult>(`/draws/result/${tokens.get(ben.email)}`)).body.you.name).toBe('Ben');

    await movesHouse(rosa.client, 'Rosa');
    await movesHouse(annaClient, 'Anna');
    for (const [client, name] of [[rosa.client, 'Rosa'], [annaClient, 'Anna']] as const) {
      expect(await listedTo(client), name).toEqual([draw.id]);
      const result = await client.get<DrawResult>(`/draws/${draw.id}/result`);
      expect([result.status, result.body.you.name]).toEqual([200, name]);
    }
    // Ben, signing up later, finds his draw by his address.
    const benClient = await registered(ben);
    expect(await listedTo(benClient)).toEqual([draw.id]);
    expect((await benClient.get<DrawResult>(`/draws/${draw.id}/result`)).body.you.name).toBe('Ben');
  });

  it("never records the organiser's account, who does not take part, as the one that opened a link signed in", async () => {
    const [cleo, dan, eve] = [person('Cleo'), person('Dan'), person('Eve')];
    const draw = await created({ name: 'Office party', participants: [cleo, dan, eve] });
    const { tokens } = await drawn(draw);
    // Cleo opens her mail on the computer where the organiser is signed in: she sees her result...
    expect((await organiser.client.get<DrawResult>(`/draws/result/${tokens.get(cleo.email)}`)).body.you.name).toBe('Cleo');
    // ...and the organiser still sees no pair: the draw is not one they take part in.
    expect(await listedTo(organiser.client)).not.toContain(draw.id);
    expect((await organiser.client.get(`/draws/${draw.id}/result`)).status).toBe(403);
    // Cleo, signing up later, finds her draw by her address.
    const cleoClient = await registered(cleo);
    expect((await cleoClient.get<DrawResult>(`/draws/${draw.id}/result`)).body.you.name).toBe('Cleo');
  });
});
