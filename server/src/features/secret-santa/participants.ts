import { and, asc, eq, isNull } from 'drizzle-orm';
import { DRAW_QUESTION_MAX, type DrawList, type DrawQuestion, type DrawResult } from '@wishwell/shared/secret-santa-types';
import { dateOf, type Clock } from '../../clock';
import type { DataStore, Row } from '../../db/store';
import { conflict, invalid, notFound } from '../../domain/errors';
import { newId } from '../../ids';
import { RateLimiter } from '../../limits/rate-limit';
import type { MailRequest } from '../../mail/mailer';
import { isShared } from '../wishlists/access';
import type { DrawParticipant, ParticipantRow } from './access';
import type { SantaMail } from './mail';

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
    private readonly store: DataStore,
    private readonly mail: SantaMail,
    private readonly clock: Clock,
    questionsPerDay: number,
  ) {
    this.questionsPerParticipant = new RateLimiter({ limit: questionsPerDay, windowMs: DAY, text: 'tooManyDrawQuestions' }, clock);
  }

  /** The participant's result; the first look after the draw counts as opening it (the organiser sees that, and can no longer redraw). */
  async result({ draw, me }: DrawParticipant): Promise<DrawResult> {
    if (draw.drawnAt && !me.openedAt) {
      const { drawParticipants } = this.store.tables;
      await this.store.db.update(drawParticipants).set({ openedAt: dateOf(this.clock) }).where(and(eq(drawParticipants.id, me.id), isNull(drawParticipants.openedAt)));
    }
    const { users, drawParticipants } = this.store.tables;
    const [organiser] = await this.store.db.select({ name: users.name }).from(users).where(eq(users.id, draw.organiserId));
    const [recipient] = draw.drawnAt && me.recipientId ? await this.store.db.select().from(drawParticipants).where(eq(drawParticipants.id, me.recipientId)) : [];
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
    const { drawParticipants } = this.store.tables;
    await this.store.db.update(drawParticipants).set({ wishlistId }).where(eq(drawParticipants.id, participant.me.id));
    return this.result({ ...participant, me: { ...participant.me, wishlistId } } as DrawParticipant);
  }

  /** The giver asks their giftee; the giftee gets it by mail and on their result page, never with the giver's name. */
  async ask(participant: DrawParticipant, question: string, request: MailRequest): Promise<DrawResult> {
    const { draw, me } = participant;
    if (!draw.drawnAt || !me.recipientId) throw conflict('drawNotDrawnYet');
    const text = checkedText(question);
    await this.questionsPerParticipant.hit(me.id);
    const { drawQuestions, drawParticipants } = this.store.tables;
    const [giftee] = await this.store.db.select().from(drawParticipants).where(eq(drawParticipants.id, me.recipientId));
    const [mail, queue] = await Promise.all([this.mail.question(giftee!, draw, text, request), this.mail.queueIn()]);
    await this.store.transaction(async (tx) => {
      await tx.insert(drawQuestions).values({ id: newId(), drawId: draw.id, askerId: me.id, gifteeId: me.recipientId!, question: text, createdAt: dateOf(this.clock) });
      await queue(mail, tx);
    });
    return this.result(participant);
  }

  /** The giftee answers a question asked of them; the asker is told by mail, without names. */
  async answer(participant: DrawParticipant, questionId: string, answer: string, request: MailRequest): Promise<DrawResult> {
    const { draw, me } = participant;
    const text = checkedText(answer);
    const { drawQuestions, drawParticipants } = this.store.tables;
    const [question] = await this.store.db.select().from(drawQuestions).where(and(eq(drawQuestions.id, questionId), eq(drawQuestions.gifteeId, me.id)));
    if (!question) throw notFound('drawQuestionNotFound');
    const [asker] = await this.store.db.select().from(drawParticipants).where(eq(drawParticipants.id, question.askerId));
    const [mail, queue] = await Promise.all([asker ? this.mail.answered(asker, draw, request) : null, this.mail.queueIn()]);
    await this.store.transaction(async (tx) => {
      await tx.update(drawQuestions).set({ answer: text, answeredAt: dateOf(this.clock) }).where(eq(drawQuestions.id, question.id));
      if (mail) await queue(mail, tx);
    });
    return this.result(participant);
  }

  private async questions(side: 'askerId' | 'gifteeId', participantId: string): Promise<DrawQuestion[]> {
    const { drawQuestions } = this.store.tables;
    const rows = await this.store.db.select().from(drawQuestions).where(eq(drawQuestions[side], participantId)).orderBy(asc(drawQuestions.createdAt));
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
    const { wishlists } = this.store.tables;
    const [list] = await this.store.db.select().from(wishlists).where(eq(wishlists.id, id));
    return list && isShared(list, this.clock.now()) ? list : null;
  }
}

function checkedText(input: string): string {
  const text = input.trim();
  if (!text || text.length > DRAW_QUESTION_MAX) throw invalid('drawTextLength', { max: DRAW_QUESTION_MAX });
  return text;
}
