import { sharePath } from '@wishwell/shared/wishlist-types';
import { logEvent } from '../../log';
import type { MailLinks } from '../../mail/link-origin';
import type { Mailer, OutgoingMail } from '../../mail/mailer';
import type { ItemRow, WishlistRow } from './mappers';
import type { WishlistQueries } from './queries';

/** The mails about claims: the buyer's manage link, and the notice that an owner re-listed an item. */
export class ClaimMail {
  constructor(
    private readonly mailer: Mailer,
    /** Links point at the request's site only when it is one of ours. */
    private readonly links: MailLinks,
    private readonly queries: WishlistQueries,
  ) {}

  /** Where a mailed link for a request from `requestOrigin` points. */
  async origin(requestOrigin: string): Promise<string> {
    return (await this.links.site(requestOrigin)).origin;
  }

  /** Sent after the answer: the purchase stands whether or not the mail goes out (the e-mail log says). */
  /** `what` goes before the title: '2 × ' for units, '£10.00 towards ' for a pledge. */
  sendManageLink(to: string, claim: { item: ItemRow; listId: string; what: string; manageUrl: string }): void {
    this.later(async () => {
      const list = await this.queries.list(claim.listId);
      return {
        to,
        subject: `You reserved "${claim.item.title}"`,
        text: [
          `You reserved ${claim.what}"${claim.item.title}" on the wishlist "${list?.name ?? ''}".`,
          '',
          'To change how many you are giving, or to undo it, open this link (keep it to yourself: anyone with it can change your reservation):',
          '',
          claim.manageUrl,
        ].join('\n'),
      };
    });
  }

  sendRelisted(addresses: string[], relisted: { item: ItemRow; list: WishlistRow; requestOrigin: string }): void {
    for (const to of addresses) {
      this.later(async () => ({
        to,
        subject: `"${relisted.item.title}" is wanted again`,
        text: [
          `The wishlist "${relisted.list.name}" listed "${relisted.item.title}" again, so your reservation of it was removed.`,
          '',
          `If you still mean to give it, mark it again here: ${await this.origin(relisted.requestOrigin)}${sharePath(relisted.list.id)}`,
        ].join('\n'),
      }));
    }
  }

  private later(compose: () => Promise<OutgoingMail>): void {
    compose()
      .then((mail) => this.mailer.send(mail))
      .catch((error: unknown) => logEvent({ event: 'mail.failed', level: 'error', error }));
  }
}
