import type { Mailer, MailRequest, OutgoingMail } from './mailer';

/** What an invitation mail names: whose, to what (an editor's list, a circle), and the link that accepts it. */
export interface Invitation {
  to: string;
  /** The catalogue's texts: `mail.invitation` (editing a list) or `mail.circleInvitation` (joining a circle). */
  texts: 'invitation' | 'circleInvitation';
  inviter: { id: string; name: string };
  /** The list's or the circle's name. */
  name: string;
  link: string;
  company: string;
}

/** The invitation mail, in the invitee's language (their account's, else the request's), for the caller to queue. */
export async function invitationMail(mailer: Mailer, invitation: Invitation, request: Pick<MailRequest, 'language'>): Promise<OutgoingMail> {
  const { t } = await mailer.textsFor(invitation.to, request.language);
  const names = { inviter: invitation.inviter.name, list: invitation.name, company: invitation.company };
  const key = `mail.${invitation.texts}` as const;
  return {
    to: invitation.to,
    subject: t(`${key}.subject`, names),
    sentById: invitation.inviter.id,
    text: [t('mail.helloAnyone'), '', t(`${key}.body`, names), '', invitation.link, '', t(`${key}.ignore`), '', invitation.company].join('\n'),
  };
}
