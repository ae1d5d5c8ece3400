import { dateOf, systemClock, type Clock } from '../clock';
import type { Transporter } from 'nodemailer';
import { eq } from 'drizzle-orm';
import type { TFunction } from 'i18next';
import { normalizeEmail } from '@wishwell/shared/account-types';
import { isLanguage, type Language } from '@wishwell/shared/languages';
import type { DataStore } from '../db/store';
import { serverTexts } from '../i18n/texts';
import { newId } from '../ids';

/** A mail's language and its texts in it. */
export interface MailTexts {
  language: Language;
  t: TFunction;
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
  /** Extra headers, e.g. RFC 8058's List-Unsubscribe pair on followers' mails. */
  headers?: Record<string, string>;
}

export interface MailOutcome {
  sent: boolean;
  /** What the e-mail log records: 'Success' or why the mail did not go out. */
  status: string;
}

export const MAIL_SUCCESS = 'Success';
export const MAIL_NOT_CONFIGURED = 'Not sent: no SMTP server configured (SMTP_URL)';

/** Where mail goes: the SMTP server (nodemailer URL; null: mails are only logged) and the sender. */
export interface MailRoute {
  smtpUrl: string | null;
  from: string;
}

export interface MailerOptions {
  /** Asked before every mail: the admin console may change it at any time. */
  route: () => Promise<MailRoute>;
  /** Where a mail that cannot be sent is printed for the operator (default: the server log). */
  print?: (text: string) => void;
  /** The time of the e-mail log's rows (default: the system's). */
  clock?: Clock;
}

/**
 * Sends mail over SMTP (nodemailer; the server of `SMTP_URL` or the admin console) from its sender. Every mail, sent or not,
 * becomes an e-mail log row. Without SMTP the mail is printed to the server log, so an operator
 * can still hand a reset link to a user. send() never throws: the outcome says what happened.
 */
export class Mailer {
  /** Created on the first mail (nodemailer stays out of the server's start-up), anew when the server changes. */
  private transport: { url: string; transporter: Promise<Transporter> } | null = null;
  private readonly print: (text: string) => void;

  constructor(
    private readonly store: DataStore,
    private readonly options: MailerOptions,
  ) {
    this.print = options.print ?? ((text) => console.log(text));
  }

  async configured(): Promise<boolean> {
    return (await this.options.route()).smtpUrl !== null;
  }

  private smtp(url: string): Promise<Transporter> {
    if (this.transport?.url !== url) {
      this.close();
      const transporter = import('nodemailer').then((nodemailer) =>
        nodemailer.createTransport({ url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 }),
      );
      this.transport = { url, transporter };
    }
    return this.transport.transporter;
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

  async send(mail: OutgoingMail): Promise<MailOutcome> {
    const outcome = await this.deliver(mail);
    await this.store.db
      .insert(this.store.tables.emailLogs)
      .values({
        id: newId(),
        createdAt: dateOf(this.options.clock ?? systemClock),
        recipient: mail.to,
        subject: mail.subject,
        sentById: mail.sentById ?? null,
        status: outcome.status,
      });
    return outcome;
  }

  private async deliver(mail: OutgoingMail): Promise<MailOutcome> {
    const { smtpUrl, from } = await this.options.route();
    if (!smtpUrl) {
      this.print(`[mail] ${MAIL_NOT_CONFIGURED}. To: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}\n[/mail]`);
      return { sent: false, status: MAIL_NOT_CONFIGURED };
    }
    try {
      const transport = await this.smtp(smtpUrl);
      await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, headers: mail.headers });
      return { sent: true, status: MAIL_SUCCESS };
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      this.print(`[mail] sending to ${mail.to} failed: ${reason}`);
      return { sent: false, status: `Failed: ${reason}`.slice(0, 500) };
    }
  }

  close(): void {
    void this.transport?.transporter.then((transport) => transport.close());
    this.transport = null;
  }
}
