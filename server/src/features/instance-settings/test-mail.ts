import type { Language } from '@wishwell/shared/languages';
import type { SessionUser } from '../../auth/session-user';
import { conflict, upstreamFailed } from '../../domain/errors';
import type { MailLinks } from '../../mail/link-origin';
import type { Mailer } from '../../mail/mailer';

/** The console's "Send a test mail": a mail to the admin who asked, through the mail server now set. */
export class TestMail {
  constructor(
    private readonly mailer: Mailer,
    private readonly links: MailLinks,
  ) {}

  async send(admin: SessionUser, language: Language, requestOrigin: string): Promise<{ message: string; to: string }> {
    if (!(await this.mailer.configured())) throw conflict('noMailServer');
    const { t } = await this.mailer.textsFor(admin.email, language);
    const { company } = await this.links.site(requestOrigin);
    const outcome = await this.mailer.sendNow({
      to: admin.email,
      subject: t('mail.testMail.subject', { company }),
      text: t('mail.testMail.body', { name: admin.name }),
      sentById: admin.id,
    });
    if (!outcome.sent) throw upstreamFailed('testMailFailed', { reason: outcome.status.replace(/^Failed: /, '') });
    return { message: `Sent to ${admin.email}.`, to: admin.email };
  }
}
