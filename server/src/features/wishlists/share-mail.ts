import type { Clock } from '../../clock';
import { normalizeHostname } from '@wishwell/shared/domain';
import { sharePath, type ShareByEmailInput } from '@wishwell/shared/wishlist-types';
import { invalid, unauthorized, upstreamFailed } from '../../domain/errors';
import { RateLimiter } from '../../limits/rate-limit';
import type { Mailer, MailRequest } from '../../mail/mailer';
import type { ListAccess } from './access';

const MAX_RECIPIENTS = 20;
const EMAIL_PATTERN = /^[^\s@,;<>"]+@[^\s@,;<>"]+\.[^\s@,;<>"]+$/;

export interface ShareMailResult {
  message: string;
  sent: number;
}

/** Whether a hostname has its own domain config (a branded site of this server). */
export type KnownHostname = (hostname: string) => Promise<boolean>;

/** Share by e-mail: one mail per recipient with the share link and the sender's message. */
export class ShareMailService {
  /** Each account may send 10 share requests (up to 20 recipients each) per hour. */
  private readonly limiter;

  constructor(
    private readonly mailer: Mailer,
    private readonly isKnownHostname: KnownHostname,
    clock: Clock,
  ) {
    this.limiter = new RateLimiter({ limit: 10, windowMs: 60 * 60_000, text: 'tooManyShares' }, clock);
  }

  /** Owners and editors with an account (sending mail needs one: guest-owners are asked to sign up). */
  async share({ list, user }: ListAccess, input: ShareByEmailInput, request: MailRequest): Promise<ShareMailResult> {
    if (!user) throw unauthorized('signUpToShare');
    const recipients = parseRecipients(input.recipients);
    await this.limiter.hit(user.id);
    const link = `${await this.linkOrigin(input.domain, request.origin)}${sharePath(list.id)}`;
    const note = input.message?.trim();
    const names = { sender: user.name, list: list.name };
    const mailTo = async (to: string) => {
      const { t } = await this.mailer.textsFor(to, request.language);
      const text = [t('mail.share.body', names), note ? `\n${note}\n` : '', t('mail.share.open', { link })].join('\n');
      return this.mailer.send({ to, subject: t('mail.share.subject', names), text, sentById: user.id });
    };
    const outcomes = await Promise.all(recipients.map(mailTo));
    const failed = recipients.filter((_, index) => !outcomes[index]!.sent);
    if (failed.length === recipients.length) {
      throw (await this.mailer.configured()) ? upstreamFailed('shareMailFailed', { addresses: failed.join(', ') }) : upstreamFailed('noMailServer');
    }
    if (failed.length > 0) return { message: `Sent, except to ${failed.join(', ')}.`, sent: recipients.length - failed.length };
    return { message: 'Email sent successfully!', sent: recipients.length };
  }

  /** The link points at the browser's domain only when it is this site or one of its branded domains. */
  private async linkOrigin(domain: string, requestOrigin: string): Promise<string> {
    const origin = new URL(requestOrigin);
    const hostname = normalizeHostname(domain);
    if (hostname === '' || hostname === origin.hostname) return requestOrigin;
    return (await this.isKnownHostname(hostname)) ? `${origin.protocol}//${hostname}` : requestOrigin;
  }
}

/** Comma-separated addresses; 400 naming every bad one. */
export function parseRecipients(recipients: string): string[] {
  const addresses = [...new Set(recipients.split(',').map((address) => address.trim()).filter(Boolean))];
  if (addresses.length === 0) throw invalid('enterRecipient');
  const bad = addresses.filter((address) => !EMAIL_PATTERN.test(address) || address.length > 254);
  if (bad.length > 0) throw invalid('invalidEmailAddresses', { addresses: bad.join(', ') });
  if (addresses.length > MAX_RECIPIENTS) throw invalid('tooManyRecipients', { max: MAX_RECIPIENTS });
  return addresses;
}
