import type { Language } from '@wishwell/shared/languages';
import { fromMinorUnits } from '@wishwell/shared/money';
import { formatPrice } from '@wishwell/shared/price-format';
import { sharePath } from '@wishwell/shared/wishlist-types';
import type { MailLinks } from '../../mail/link-origin';
import type { Mailer, MailQueue, MailRequest, MailTexts, OutgoingMail } from '../../mail/mailer';
import type { WishlistRow } from './mappers';
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
  origin(requestOrigin: string): Promise<string> {
    return this.links.origin(requestOrigin);
  }

  /**
   * The buyer's receipt with the manage link, composed before the claim's write (null: no such
   * item) and queued in its transaction: a claim refused or rolled back sends none.
   */
  async manageLink({ to, ...claim }: Receipt): Promise<OutgoingMail | null> {
    const [list, item] = await Promise.all([this.queries.list(claim.listId), this.queries.item(claim.listId, claim.itemId)]);
    if (!list || !item) return null;
    const texts = await this.mailer.textsFor(to, claim.language);
    const names = { title: item.title, list: list.name };
    return {
      to,
      subject: texts.t('mail.claim.subject', names),
      text: [reservedLine(texts, claim.reserved, names, item.currency), '', texts.t('mail.claim.manage'), '', claim.manageUrl].join('\n'),
    };
  }

  /** To each claimer who left an address; a claimer without an account reads it in the language of the request that re-listed. */
  async relisted(addresses: string[], relisted: { title: string; list: WishlistRow; request: MailRequest }): Promise<OutgoingMail[]> {
    const link = `${await this.origin(relisted.request.origin)}${sharePath(relisted.list.id)}`;
    const names = { title: relisted.title, list: relisted.list.name };
    return Promise.all(
      addresses.map(async (to) => {
        const { t } = await this.mailer.textsFor(to, relisted.request.language);
        return { to, subject: t('mail.relisted.subject', names), text: [t('mail.relisted.body', names), '', t('mail.relisted.markAgain', { link })].join('\n') };
      }),
    );
  }

  queueIn(): Promise<MailQueue> {
    return this.mailer.queueIn();
  }
}

/** What a claim reserved: units of an item, or an amount (minor units) towards a group gift. */
export type Reserved = { quantity: number } | { pledgedMinor: number };

/** A buyer's receipt: to whom, for what, with which manage link, in which language. */
export interface Receipt {
  to: string;
  listId: string;
  itemId: string;
  reserved: Reserved;
  manageUrl: string;
  language: Language;
}

function reservedLine({ t, language }: MailTexts, reserved: Reserved, names: { title: string; list: string }, currency: string): string {
  if ('pledgedMinor' in reserved) {
    const amount = formatPrice(fromMinorUnits(reserved.pledgedMinor), currency, language);
    return t('mail.claim.reservedPledge', { ...names, amount });
  }
  return reserved.quantity > 1 ? t('mail.claim.reservedUnits', { ...names, count: reserved.quantity }) : t('mail.claim.reservedOne', names);
}
