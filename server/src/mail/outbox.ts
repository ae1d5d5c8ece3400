import type { Transporter } from 'nodemailer';
import { and, asc, eq, lte, or, sql } from 'drizzle-orm';
import type { Db, DataStore } from '../db/store';
import { newId } from '../ids';
import { logEvent } from '../log';
import { dateOf, type Clock } from '../clock';
import type { MailRoute, OutgoingMail } from './mailer';

/** How long a worker may take over one SMTP call (nodemailer's timeouts add up to 40 s): past it, the mail is due again. */
const SENDING_LEASE_MS = 60_000;
/** How long the outbox lease holds without renewal: a dead replica's lease passes to another after this. */
const OUTBOX_LEASE_MS = 60_000;
const LEASE_NAME = 'mail.outbox';
/** Due mails one turn looks at. */
const BATCH = 20;

export const MAIL_SUCCESS = 'Success';
export const MAIL_QUEUED = 'Queued';
/** How the status of a mail waiting for its next try starts (the rest names the try and its error). */
export const MAIL_RETRYING = 'Retrying';

export interface OutboxOptions {
  /** The SMTP server and sender of the moment (the admin console may change them). */
  route: () => Promise<MailRoute>;
  /** Attempts before a mail is given up (MAIL_TRIES). */
  tries: number;
  /** Wait before the first retry; each later one waits four times longer (MAIL_RETRY_SECONDS). */
  retryAfterMs: number;
  clock: Clock;
  print: (text: string) => void;
}

type OutboxRow = { id: string; recipient: string; subject: string; bodyText: string; bodyHtml: string | null; headers: string | null; messageId: string; dueAt: Date | null };

/**
 * The durable mail outbox: a mail is a row written with the change that caused it, and a worker
 * sends it. One process at a time sends (the `leases` row, renewed each turn, taken over once it
 * expires); each mail is marked `sending` with its own lease before the SMTP call, so a crash
 * leaves it due again only after that lease: at least once, never twice unless the crash fell
 * inside an SMTP call the server had accepted. Every mail carries one Message-ID across tries.
 * Each outcome is written to the mail's e-mail log row (same id).
 */
export class MailOutbox {
  /** Created on the first mail (nodemailer stays out of the server's start-up), anew when the server changes. */
  private transport: { url: string; transporter: Promise<Transporter> } | null = null;
  /** This process's name on the lease. */
  private readonly holder = newId();

  constructor(
    private readonly store: DataStore,
    private readonly options: OutboxOptions,
  ) {}

  /** Writes the mail from `from` and its log row (status Queued) in `tx`, the transaction of the change that caused it. */
  async queue(mail: OutgoingMail, from: string, tx: Db): Promise<void> {
    const id = newId();
    const now = this.now();
    const { mailOutbox, emailLogs } = this.store.tables;
    await tx.insert(mailOutbox).values({
      id,
      createdAt: now,
      recipient: mail.to,
      subject: mail.subject,
      bodyText: mail.text,
      bodyHtml: mail.html ?? null,
      headers: mail.headers ? JSON.stringify(mail.headers) : null,
      messageId: `<${id}@${domainOf(from)}>`,
      state: 'queued',
      dueAt: now,
    });
    await tx.insert(emailLogs).values({ id, createdAt: now, recipient: mail.to, subject: mail.subject, sentById: mail.sentById ?? null, status: MAIL_QUEUED });
  }

  /** Sends `mail` at once, past the queue (the console's test mail, whose answer is the outcome): null when sent, else why not. */
  async sendDirect(mail: OutgoingMail): Promise<string | null> {
    try {
      await this.transmit(mail);
      return null;
    } catch (error) {
      return reasonOf(error);
    }
  }

  /** One turn of the worker: sends the due mails while this process holds the lease; answers how many it tried. */
  async sendDue(): Promise<number> {
    const { mailOutbox } = this.store.tables;
    const due = await this.store.db
      .select({ id: mailOutbox.id, recipient: mailOutbox.recipient, subject: mailOutbox.subject, bodyText: mailOutbox.bodyText, bodyHtml: mailOutbox.bodyHtml, headers: mailOutbox.headers, messageId: mailOutbox.messageId, dueAt: mailOutbox.dueAt })
      .from(mailOutbox)
      .where(lte(mailOutbox.dueAt, this.now()))
      .orderBy(asc(mailOutbox.dueAt))
      .limit(BATCH);
    // The lease is taken only when there is mail to send: an idle replica holds nothing a restart would wait for.
    if (due.length === 0 || !(await this.holdLease())) return 0;
    let tried = 0;
    for (const row of due) {
      if (!(await this.holdLease())) break;
      const tries = await this.markSending(row);
      if (tries === null) continue;
      tried++;
      await this.deliver(row, tries);
    }
    return tried;
  }

  /** A graceful stop hands the lease back: the next process (a restart, another replica) sends at once, not after it expires. */
  async close(): Promise<void> {
    this.closeTransport();
    const { leases } = this.store.tables;
    await this.store.db.delete(leases).where(and(eq(leases.name, LEASE_NAME), eq(leases.holder, this.holder)));
  }

  /** Takes or renews the lease: free, expired or already ours. */
  private async holdLease(): Promise<boolean> {
    const { leases } = this.store.tables;
    const now = this.now();
    const expiresAt = new Date(now.getTime() + OUTBOX_LEASE_MS);
    await this.store.db.insert(leases).values({ name: LEASE_NAME, holder: this.holder, expiresAt }).onConflictDoNothing();
    const [held] = await this.store.db
      .update(leases)
      .set({ holder: this.holder, expiresAt })
      .where(and(eq(leases.name, LEASE_NAME), or(eq(leases.holder, this.holder), lte(leases.expiresAt, now))))
      .returning({ holder: leases.holder });
    return held !== undefined;
  }

  /** Marks the mail sending (its own lease) unless another turn took it first; answers which try this is. */
  private async markSending(row: OutboxRow): Promise<number | null> {
    const { mailOutbox } = this.store.tables;
    const [taken] = await this.store.db
      .update(mailOutbox)
      .set({ state: 'sending', dueAt: new Date(this.now().getTime() + SENDING_LEASE_MS), tries: sql`${mailOutbox.tries} + 1` })
      .where(and(eq(mailOutbox.id, row.id), eq(mailOutbox.dueAt, row.dueAt!)))
      .returning({ tries: mailOutbox.tries });
    return taken?.tries ?? null;
  }

  private async deliver(row: OutboxRow, tries: number): Promise<void> {
    try {
      const headers = row.headers ? (JSON.parse(row.headers) as Record<string, string>) : undefined;
      await this.transmit({ to: row.recipient, subject: row.subject, text: row.bodyText, html: row.bodyHtml ?? undefined, headers }, row.messageId);
      await this.settle(row.id, { state: 'sent', dueAt: null }, MAIL_SUCCESS);
    } catch (error) {
      const reason = reasonOf(error);
      const retry = tries < this.options.tries;
      this.options.print(`[mail] sending to ${row.recipient} failed (try ${tries} of ${this.options.tries}): ${reason}`);
      logEvent({ event: 'mail.not_sent', level: 'warn', tries, retry, reason });
      const retryAt = new Date(this.now().getTime() + this.options.retryAfterMs * 4 ** (tries - 1));
      await (retry
        ? this.settle(row.id, { state: 'retrying', dueAt: retryAt }, `${MAIL_RETRYING}: try ${tries} of ${this.options.tries} failed: ${reason}`)
        : this.settle(row.id, { state: 'failed', dueAt: null }, `Failed: ${reason}`));
    }
  }

  private async settle(id: string, outcome: { state: string; dueAt: Date | null }, status: string): Promise<void> {
    const { mailOutbox, emailLogs } = this.store.tables;
    await this.store.transaction(async (tx) => {
      await tx.update(mailOutbox).set(outcome).where(eq(mailOutbox.id, id));
      await tx.update(emailLogs).set({ status: status.slice(0, 500) }).where(eq(emailLogs.id, id));
    });
  }

  /** Hands `mail` to the SMTP server set now, from its sender; throws why not. */
  private async transmit(mail: OutgoingMail, messageId?: string): Promise<void> {
    const { smtpUrl, from } = await this.options.route();
    if (!smtpUrl) throw new Error('no SMTP server configured');
    const transport = await this.smtp(smtpUrl);
    await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, headers: mail.headers, messageId });
  }

  private smtp(url: string): Promise<Transporter> {
    if (this.transport?.url !== url) {
      this.closeTransport();
      const transporter = import('nodemailer').then((nodemailer) =>
        nodemailer.createTransport({ url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 }),
      );
      this.transport = { url, transporter };
    }
    return this.transport.transporter;
  }

  private closeTransport(): void {
    void this.transport?.transporter.then((transport) => transport.close());
    this.transport = null;
  }

  private now(): Date {
    return dateOf(this.options.clock);
  }
}

/** The domain of MAIL_FROM's address (`Wishwell <no-reply@example.com>`), for Message-IDs. */
function domainOf(mailFrom: string): string {
  return /@([^>\s]+)/.exec(mailFrom)?.[1] ?? 'wishwell.invalid';
}

/** What the e-mail log keeps of a failure. */
function reasonOf(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 400);
}
