import { eq } from 'drizzle-orm';
import { dateOf, type Clock } from '../clock';
import { normalizeEmail } from '@wishwell/shared/account-types';
import { isLanguage, type Language } from '@wishwell/shared/languages';
import type { Db, DataStore } from '../db/store';
import { serverTexts, type ServerText } from '../i18n/texts';
import { newId } from '../ids';
import type { Scheduler } from '../scheduler';
import { crashPoint } from '../features/backup/crash-points';
import { MAIL_QUEUED, MAIL_SUCCESS, MailOutbox } from './outbox';

export { MAIL_SUCCESS } from './outbox';

/** A mail's language and its texts in it. */
export interface MailTexts {
  language: Language;
  t: ServerText;
}

/** The request a mail answers: where its links point and the language it was made in. */
export interface MailRequest {
  origin: string;
  language: Language;
}

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** The account on whose behalf the mail goes out (shown as Sent By), if any. */
  sentById?: string | null;
  /** Extra headers (List-Unsubscribe for followers' mail). */
  headers?: Record<string, string>;
}

/** Queues a mail in the transaction `tx` (Mailer.queueIn). */
export type MailQueue = (mail: OutgoingMail, tx: Db) => Promise<MailOutcome>;

export interface MailOutcome {
  /** Whether the mail is on its way: queued in the outbox (false without SMTP). */
  sent: boolean;
  /** What the e-mail log records first: 'Queued', or why the mail will not go out. */
  status: string;
}

export const MAIL_NOT_CONFIGURED = 'Not sent: no SMTP server configured (SMTP_URL)';

/** Where mail goes: the SMTP server (nodemailer URL; null: mails are only logged) and the sender. */
export interface MailRoute {
  smtpUrl: string | null;
  from: string;
}

export interface MailerOptions {
  /** Asked before every mail: the admin console may change it at any time. */
  route: () => Promise<MailRoute>;
  /** Attempts before a queued mail is given up (MAIL_TRIES). */
  tries: number;
  /** Wait before the first retry of a mail; each later one waits four times longer (MAIL_RETRY_SECONDS). */
  retryAfterMs: number;
  clock: Clock;
  /** Where a mail that cannot be sent is printed for the operator (default: the server log). */
  print?: (text: string) => void;
}

/**
 * Mail from the sender of `MAIL_FROM` or the admin console: with SMTP (`SMTP_URL` or the console) every mail goes into the durable outbox
 * (mail/outbox.ts), which sends it with retries; its e-mail log row follows it from Queued to
 * Success or Failed. Without SMTP nothing is queued: the mail is printed to the server log (so an
 * operator can still hand a reset link to a user) and logged as not sent. send() never throws
 * for delivery: the outcome says what happened.
 */
export class Mailer {
  private readonly print: (text: string) => void;
  private readonly outbox: MailOutbox;
  /** Tells the outbox worker that mail was queued: run by the store once the mail's transaction committed (queueIn). */
  private wake: () => void = () => {};

  constructor(
    private readonly store: DataStore,
    private readonly options: MailerOptions,
  ) {
    this.print = options.print ?? ((text) => console.log(text));
    this.outbox = new MailOutbox(store, { route: options.route, tries: options.tries, retryAfterMs: options.retryAfterMs, clock: options.clock, print: this.print });
  }

  async configured(): Promise<boolean> {
    return (await this.options.route()).smtpUrl !== null;
  }

  /** The outbox worker: looks for due mail every few seconds and whenever a mail is queued. */
  schedule(scheduler: Scheduler): void {
    const worker = scheduler.worker(OUTBOX_JOB, 5_000, () => this.outbox.sendDue(), 1_000);
    this.wake = () => {
      // Run once the mail's transaction committed: a crash here leaves it queued, unsent.
      crashPoint('mail-queued');
      worker.wake();
    };
  }

  /**
   * The texts a mail to `to` is written in: the language its account chose (My Account), else
   * `fallback` (the language of the request that caused the mail, or English without one).
   */
  async textsFor(to: string, fallback: Language): Promise<MailTexts> {
    const { users } = this.store.tables;
    const [account] = await this.store.db.select({ language: users.language }).from(users).where(eq(users.email, normalizeEmail(to)));
    const language = isLanguage(account?.language) ? account.language : fallback;
    return { language, t: serverTexts(language) };
  }

  /** Queues `mail` in a transaction of its own (the worker wakes when it commits). */
  async send(mail: OutgoingMail): Promise<MailOutcome> {
    const queue = await this.queueIn();
    return this.store.transaction((tx) => queue(mail, tx));
  }

  /**
   * For mail a change causes: answers a function that queues a mail in `tx`, the change's
   * transaction, so the mail goes out exactly when the change commits: the store wakes the outbox
   * worker after that commit (DataStore.afterCommit), so no caller has to.
   * Where mail goes is read now, before that transaction: inside it only `tx` may be used
   * (db/store.ts). Compose the mail (textsFor, links) before the transaction too.
   */
  async queueIn(): Promise<MailQueue> {
    const { smtpUrl, from } = await this.options.route();
    return async (mail, tx) => {
      if (!smtpUrl) return this.printInstead(mail, tx);
      await this.outbox.queue(mail, from, tx);
      this.store.afterCommit(tx, () => this.wake());
      return { sent: true, status: MAIL_QUEUED };
    };
  }

  /** Sends `mail` at once, not through the outbox, and logs the outcome: for a mail whose sender waits for it (the console's test mail). */
  async sendNow(mail: OutgoingMail): Promise<MailOutcome> {
    if (!(await this.configured())) return this.printInstead(mail);
    const failure = await this.outbox.sendDirect(mail);
    const outcome = failure === null ? { sent: true, status: MAIL_SUCCESS } : { sent: false, status: `Failed: ${failure}` };
    await this.store.db
      .insert(this.store.tables.emailLogs)
      .values({ id: newId(), createdAt: dateOf(this.options.clock), recipient: mail.to, subject: mail.subject, sentById: mail.sentById ?? null, status: outcome.status });
    return outcome;
  }

  private async printInstead(mail: OutgoingMail, db: Db = this.store.db): Promise<MailOutcome> {
    this.print(`[mail] ${MAIL_NOT_CONFIGURED}. To: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}\n[/mail]`);
    await db
      .insert(this.store.tables.emailLogs)
      .values({ id: newId(), createdAt: dateOf(this.options.clock), recipient: mail.to, subject: mail.subject, sentById: mail.sentById ?? null, status: MAIL_NOT_CONFIGURED });
    return { sent: false, status: MAIL_NOT_CONFIGURED };
  }

  /** Hands the outbox lease back (a graceful stop); call before the store closes. */
  async close(): Promise<void> {
    await this.outbox.close();
  }
}

/** The outbox worker's name (for the admin jobs route and tests). */
export const OUTBOX_JOB = 'mail.outbox';
