import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

/** A mail as the test SMTP server received it, with the text body decoded. */
export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  /** The whole message with quoted-printable soft breaks and escapes decoded. */
  text: string;
}

export interface TestSmtpServer {
  /** `smtp://127.0.0.1:PORT`, for SMTP_URL. */
  url: string;
  port: number;
  mails: ReceivedMail[];
  /** Resolves with the first mail to `recipient` (received already or later). */
  waitForMail(recipient: string, timeoutMs?: number): Promise<ReceivedMail>;
  stop(): Promise<void>;
}

/**
 * A real SMTP server (the `smtp-server` package) on 127.0.0.1, no TLS and no auth, that keeps
 * every mail it receives (and hands each to `onMail`). Runs under Bun (API tests) and Node
 * (Playwright tests).
 */
export async function startSmtpServer(port = 0, onMail?: (mail: ReceivedMail) => void): Promise<TestSmtpServer> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const mail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          subject: decodeHeader(raw.match(/^Subject: (.*(?:\r\n[ \t].*)*)/m)?.[1] ?? ''),
          text: decodeQuotedPrintable(raw),
        };
        mails.push(mail);
        onMail?.(mail);
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const bound = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${bound}`,
    port: bound,
    mails,
    async waitForMail(recipient, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mail = mails.find((m) => m.to.includes(recipient));
        if (mail) return mail;
        if (Date.now() > deadline) throw new Error(`no mail to ${recipient} within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Soft breaks dropped; each run of =XX escapes is UTF-8 bytes ("=C3=BC" is "ü"). */
function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, '').replace(/(?:=[0-9A-F]{2})+/g, (run) => Buffer.from(run.replaceAll('=', ''), 'hex').toString('utf8'));
}

/** Unfolds a header and decodes =?utf-8?Q?...?= / =?utf-8?B?...?= words. */
function decodeHeader(value: string): string {
  return value
    .replace(/\r\n[ \t]/g, ' ')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=\s*/gi, (_, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    )
    .trim();
}
