import { DRAW_QUESTION_MAX, type DrawList, type DrawQuestion, type DrawResult } from '@wishwell/shared/secret-santa-types';
import { dateOf, type Clock } from '../../clock';
import type { SessionUser } from '../../auth/session-user';
import type { Row } from '../../db/store';
import { conflict, invalid, notFound } from '../../domain/errors';
import { newId } from '../../ids';
import { RateLimiter } from '../../limits/rate-limit';
import type { MailRequest } from '../../mail/mailer';
import { isShared } from '../wishlists/access';
import type { DrawParticipant } from './access';
import type { SantaMail } from './mail';
import type { ParticipantRow, SantaQueries } from './queries';

const DAY = 24 * 60 * 60_000;
/** A list named by its share link (…/share/wishlist/{id}) or by its id. */
const LIST_LINK = /(?:\/share\/wishlist\/|^)([A-Za-z0-9_-]{8,64})\/?(?:[?#].*)?$/;

/**
 * A participant's side of a draw: their own result only (whom they give to, that person's
 * list), the list they attach for their giver, and anonymous questions: a giver asks their
 * giftee, the giftee answers without ever being told who asked.
 */
export class ParticipantService {
  private readonly questionsPerParticipant: RateLimiter;

  constructor(
    private readonly queries: SantaQueries,
    private readonly mail: SantaMail,
    private readonly clock: Clock,
    questionsPerDay: number,
  ) {
    this.questionsPerParticipant = new RateLimiter({ limit: questionsPerDay, windowMs: DAY, text: 'tooManyDrawQuestions' }, clock);
  }

  /**
   * The participant opens their result. Signed in (`viewer`), the account becomes the
   * participant's where the draw recorded none: it keeps the draw listed under "Draws you take
   * part in" when its address changes later.
   */
  async open(participant: DrawParticipant, viewer: SessionUser | null): Promise<DrawResult> {
    // Never the organiser's account (a link opened on their computer): it would show them that pair from then on.
    if (viewer && !participant.me.userId && viewer.id !== participant.draw.organiserId) await this.queries.recordAccount(participant.me, viewer);
    return this.result(participant);
  }

  /** The participant's result; the first look after the draw counts as opening it (the organiser sees that, and can no longer redraw). */
  async result({ draw, me }: DrawParticipant): Promise<DrawResult> {
    if (draw.drawnAt && !me.openedAt) await this.queries.markOpened(me.id, dateOf(this.clock));
    const organiser = await this.queries.lists.owner(draw.organiserId);
    const recipient = draw.drawnAt && me.recipientId ? await this.queries.participant(me.recipientId) : undefined;
    const [myList, recipientList, asked, askedOfYou] = await Promise.all([this.list(me), recipient ? this.list(recipient) : null, this.questions('askerId', me.id), this.questions('gifteeId', me.id)]);
    return {
      drawName: draw.name,
      organiser: organiser?.name ?? '',
      budget: draw.budgetMinor,
      currency: draw.currency,
      date: draw.giftDate,
      you: { name: me.name, email: me.email, list: myList },
      recipient: recipient ? { name: recipient.name, list: recipientList } : null,
      asked,
      askedOfYou,
      token: me.resultToken,
    };
  }

  /** Attaches the list the participant's giver will see (a share link or a list id; null: none). */
  async attachList(participant: DrawParticipant, link: string | null): Promise<DrawResult> {
    const wishlistId = link === null || link.trim() === '' ? null : await this.sharedListId(link.trim());
    await this.queries.attachList(participant.me.id, wishlistId);
    return this.result({ ...participant, me: { ...participant.me, wishlistId } } as DrawParticipant);
  }

  /** The giver asks their giftee; the giftee gets it by mail and on their result page, never with the giver's name. */
  async ask(participant: DrawParticipant, question: string, request: MailRequest): Promise<DrawResult> {
    const { draw, me } = participant;
    if (!draw.drawnAt || !me.recipientId) throw conflict('drawNotDrawnYet');
    const text = checkedText(question);
    await this.questionsPerParticipant.hit(me.id);
    const giftee = await this.queries.participant(me.recipientId);
    const [mail, queue] = await Promise.all([this.mail.question(giftee!, draw, text, request), this.mail.queueIn()]);
    await this.queries.store.transaction(async (tx) => {
      await this.queries.insertQuestion(tx, { id: newId(), drawId: draw.id, askerId: me.id, gifteeId: me.recipientId!, question: text, createdAt: dateOf(this.clock) });
      await queue(mail, tx);
    });
    return this.result(participant);
  }

  /** The giftee answers a question asked of them; the asker is told by mail, without names. */
  async answer(participant: DrawParticipant, questionId: string, answer: string, request: MailRequest): Promise<DrawResult> {
    const { draw, me } = participant;
    const text = checkedText(answer);
    const question = await this.queries.questionTo(me.id, questionId);
    if (!question) throw notFound('drawQuestionNotFound');
    const asker = await this.queries.participant(question.askerId);
    const [mail, queue] = await Promise.all([asker ? this.mail.answered(asker, draw, request) : null, this.mail.queueIn()]);
    await this.queries.store.transaction(async (tx) => {
      await this.queries.answerQuestion(tx, question.id, text, dateOf(this.clock));
      if (mail) await queue(mail, tx);
    });
    return this.result(participant);
  }

  private async questions(side: 'askerId' | 'gifteeId', participantId: string): Promise<DrawQuestion[]> {
    const rows = await this.queries.questions(side, participantId);
    return rows.map((row) => ({ id: row.id, question: row.question, answer: row.answer, askedAt: row.createdAt.toISOString() }));
  }

  /** The participant's attached list, while it can still be opened by its share link. */
  private async list(participant: ParticipantRow): Promise<DrawList | null> {
    if (!participant.wishlistId) return null;
    const list = await this.liveList(participant.wishlistId);
    return list ? { id: list.id, name: list.name } : null;
  }

  private async sharedListId(link: string): Promise<string> {
    const id = LIST_LINK.exec(link)?.[1];
    const list = id ? await this.liveList(id) : null;
    if (!list) throw invalid('drawListLink');
    return list.id;
  }

  private async liveList(id: string): Promise<Row<'wishlists'> | null> {
    const list = await this.queries.lists.list(id);
    return list && isShared(list, this.clock.now()) ? list : null;
  }
}

function checkedText(input: string): string {
  const text = input.trim();
  if (!text || text.length > DRAW_QUESTION_MAX) throw invalid('drawTextLength', { max: DRAW_QUESTION_MAX });
  return text;
}
