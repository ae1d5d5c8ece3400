import { dateOf } from '../../clock';
import { isLanguage, SOURCE_LANGUAGE } from '@wishwell/shared/languages';
import { ownerPath } from '@wishwell/shared/wishlist-types';
import { serverTexts } from '../../i18n/texts';
import type { Mailer, OutgoingMail } from '../../mail/mailer';
import type { Scheduler } from '../../scheduler';
import type { WishlistQueries } from './queries';

const MINUTE = 60_000;

/**
 * The reveal of surprise lists: once `surpriseUntil` has passed, every owner with an e-mail
 * address gets one 'Your gifts have been revealed' mail. The job runs a second after start and
 * every minute (on one replica at a time); a list is marked revealed by one conditional UPDATE
 * in the transaction that queues its mail, so no run, restart or replica sends it twice, and
 * none loses it.
 */
export class SurpriseReveal {
  constructor(
    private readonly queries: WishlistQueries,
    private readonly mailer: Mailer,
    /** Where the mail's link points (PUBLIC_URL, else this machine): there is no request to follow. */
    private readonly origin: () => Promise<string>,
  ) {}

  schedule(scheduler: Scheduler): void {
    scheduler.every('surprise.reveal', MINUTE, () => this.revealDue(), 1000);
  }

  /** Marks every list whose surprise has ended as revealed and mails its owner, in one transaction per list. */
  async revealDue(now = dateOf(this.queries.clock)): Promise<void> {
    const due = await this.queries.unrevealed(now);
    if (due.length === 0) return;
    const [queue, origin] = await Promise.all([this.mailer.queueIn(), this.origin()]);
    for (const list of due) {
      const mail = list.owner?.email ? revealMail(list, { ...list.owner, email: list.owner.email }, origin) : null;
      await this.queries.store.transaction(async (tx) => {
        // Of two runs (or replicas) only one marks the list, and only that one queues its mail.
        if ((await this.queries.markRevealed(list.id, now, tx)) && mail) await queue(mail, tx);
      });
    }
  }
}

/** No request caused it: the owner's chosen language, else English. */
function revealMail(list: { id: string; name: string }, owner: { name: string; email: string; language: string | null }, origin: string): OutgoingMail {
  const t = serverTexts(isLanguage(owner.language) ? owner.language : SOURCE_LANGUAGE);
  return {
    to: owner.email,
    subject: t('mail.reveal.subject'),
    text: [t('mail.hello', { name: owner.name }), '', t('mail.reveal.body', { list: list.name }), '', `${origin}${ownerPath(list.id)}`].join('\n'),
  };
}
