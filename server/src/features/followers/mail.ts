import { followerPath } from '@wishwell/shared/follower-types';
import { formatEventDay } from '@wishwell/shared/event-dates';
import { SOURCE_LANGUAGE, type Language } from '@wishwell/shared/languages';
import { sharePath } from '@wishwell/shared/wishlist-types';
import type { MailLinks, MailSite } from '../../mail/link-origin';
import type { Mailer, MailQueue, MailTexts, OutgoingMail } from '../../mail/mailer';
import type { DigestLine } from './digest-lines';

/** Who a follower's mail goes to, and the secret of its links. */
export interface FollowerAddress {
  email: string;
  manageToken: string;
}

/**
 * The mails a follower gets: the confirmation, digests and reminders. Every one after the
 * confirmation carries RFC 8058 one-click unsubscribe headers and the manage link in its body.
 */
export class FollowerMail {
  constructor(
    private readonly mailer: Mailer,
    private readonly mailLinks: MailLinks,
  ) {}

  /** The double opt-in: nothing else goes to the address until its link is opened. Queued with the follower (FollowerService.follow). */
  async confirmation(to: FollowerAddress, listName: string, requestOrigin: string, language: Language): Promise<OutgoingMail> {
    const site = await this.mailLinks.site(requestOrigin);
    const { t } = await this.mailer.textsFor(to.email, language);
    return {
      to: to.email,
      subject: t('mail.follow.confirmSubject', { list: listName }),
      text: [t('mail.helloAnyone'), '', t('mail.follow.confirmBody', { list: listName, company: site.company }), '', `${site.origin}${followerPath(to.manageToken)}?confirm=1`, '', t('mail.follow.ignore'), '', site.company].join('\n'),
    };
  }

  queueIn(): Promise<MailQueue> {
    return this.mailer.queueIn();
  }

  /** A digest of `lines`; the digests job queues it with the follower's turn moving on. */
  async digest(to: FollowerAddress, list: { id: string; name: string }, lines: DigestLine[]): Promise<OutgoingMail> {
    const { site, t, language } = await this.context(to.email);
    const valuesOf = (line: DigestLine): Record<string, string> => (line.kind === 'dateMoved' ? { now: formatEventDay(line.values.now ?? '', language) } : line.values);
    const body = lines.map((line) => `- ${t(`mail.digest.${line.kind}`, valuesOf(line))}`);
    return withUnsubscribe(to, site, {
      subject: t('mail.digest.subject', { list: list.name }),
      text: [t('mail.helloAnyone'), '', t('mail.digest.intro', { list: list.name }), '', ...body, '', `${site.origin}${sharePath(list.id)}`],
      footer: [t('mail.follow.manage'), `${site.origin}${followerPath(to.manageToken)}`],
    });
  }

  /** The reminder before `day`; the reminders job queues it with the claim that it went. */
  async reminder(to: FollowerAddress, list: { id: string; name: string }, eventDay: string): Promise<OutgoingMail> {
    const { site, t, language } = await this.context(to.email);
    const day = formatEventDay(eventDay, language);
    return withUnsubscribe(to, site, {
      subject: t('mail.reminder.subject', { list: list.name, day }),
      text: [t('mail.helloAnyone'), '', t('mail.reminder.body', { list: list.name, day }), '', `${site.origin}${sharePath(list.id)}`],
      footer: [t('mail.follow.manage'), `${site.origin}${followerPath(to.manageToken)}`],
    });
  }

  private async context(email: string): Promise<{ site: MailSite } & MailTexts> {
    const [site, texts] = await Promise.all([this.mailLinks.fallbackOrigin().then((origin) => this.mailLinks.site(origin)), this.mailer.textsFor(email, SOURCE_LANGUAGE)]);
    return { site, ...texts };
  }

}

function withUnsubscribe(to: FollowerAddress, site: MailSite, mail: { subject: string; text: string[]; footer: string[] }): OutgoingMail {
  const oneClick = `${site.origin}/api/v1/followers/${to.manageToken}/unsubscribe`;
  return {
    to: to.email,
    subject: mail.subject,
    text: [...mail.text, '', ...mail.footer, '', site.company].join('\n'),
    headers: { 'List-Unsubscribe': `<${oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}
