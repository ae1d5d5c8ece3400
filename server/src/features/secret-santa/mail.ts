import { santaResultPath } from '@wishwell/shared/secret-santa-types';
import { formatPrice } from '@wishwell/shared/price-format';
import { fromMinorUnits } from '@wishwell/shared/money';
import type { MailLinks } from '../../mail/link-origin';
import type { MailQueue, Mailer, MailRequest, MailTexts, OutgoingMail } from '../../mail/mailer';
import type { DrawRow, ParticipantRow } from './queries';

type MailContent = (t: MailTexts['t'], drawName: string) => { subject: string; body: string[]; after: string[] };

/**
 * A draw's mails, each to one participant in their account's language (else the language the
 * request was made in). The draw's own mails are composed first and queued in the draw's
 * transaction (queueIn), so a draw that fails leaves none; questions and answers are queued with
 * the row that saves them. None names a giftee or a
 * giver: the pair is only on the result page behind the participant's own link, so neither the
 * outbox, the e-mail log nor a mail printed for lack of SMTP holds one.
 */
export class SantaMail {
  constructor(
    private readonly mailer: Mailer,
    private readonly mailLinks: MailLinks,
  ) {}

  /** The mail telling `to` the names are drawn: compose it before the draw's transaction, queue it in it. */
  drawn(to: ParticipantRow, about: { draw: DrawRow; organiser: string; again: boolean }, request: MailRequest): Promise<OutgoingMail> {
    const { draw } = about;
    return this.compose(to, request, (t, name) => ({
      subject: t('mail.santa.subject', { draw: name }),
      body: [
        t(about.again ? 'mail.santa.redrawn' : 'mail.santa.drawn', { organiser: about.organiser, draw: name }),
        ...(draw.budgetMinor !== null ? [t('mail.santa.budget', { budget: formatPrice(fromMinorUnits(draw.budgetMinor), draw.currency) })] : []),
        ...(draw.giftDate ? [t('mail.santa.date', { date: draw.giftDate })] : []),
      ],
      after: [t('mail.santa.keepSecret')],
    }), draw);
  }

  /** The question's mail to the giftee (no asker named): queued with the question (queueIn). */
  question(to: ParticipantRow, draw: DrawRow, question: string, request: MailRequest): Promise<OutgoingMail> {
    return this.compose(to, request, (t, name) => ({
      subject: t('mail.santa.questionSubject', { draw: name }),
      body: [t('mail.santa.questionBody', { draw: name }), '', `"${question}"`, '', t('mail.santa.answerThere')],
      after: [],
    }), draw);
  }

  /** The answer's mail to the asker (no giftee named): queued with the answer. */
  answered(to: ParticipantRow, draw: DrawRow, request: MailRequest): Promise<OutgoingMail> {
    return this.compose(to, request, (t, name) => ({ subject: t('mail.santa.answeredSubject', { draw: name }), body: [t('mail.santa.answeredBody', { draw: name })], after: [] }), draw);
  }

  queueIn(): Promise<MailQueue> {
    return this.mailer.queueIn();
  }

  private async compose(to: ParticipantRow, request: MailRequest, content: MailContent, draw: DrawRow): Promise<OutgoingMail> {
    const [site, { t }] = await Promise.all([this.mailLinks.site(request.origin), this.mailer.textsFor(to.email, request.language)]);
    const mail = content(t, draw.name || t('mail.santa.untitled'));
    const text = [t('mail.hello', { name: to.name }), '', ...mail.body, '', `${site.origin}${santaResultPath(to.resultToken)}`, ...(mail.after.length ? ['', ...mail.after] : []), '', site.company];
    return { to: to.email, subject: mail.subject, text: text.join('\n') };
  }
}
