import { dateOf, type Clock } from '../../clock';
import { and, eq, inArray, isNotNull, isNull, lte } from 'drizzle-orm';
import { isLanguage, SOURCE_LANGUAGE } from '@wishwell/shared/languages';
import { ownerPath } from '@wishwell/shared/wishlist-types';
import type { DataStore } from '../../db/store';
import { serverTexts } from '../../i18n/texts';
import type { Mailer } from '../../mail/mailer';
import type { Scheduler } from '../../scheduler';

const MINUTE = 60_000;

/**
 * The reveal of surprise lists: once `surpriseUntil` has passed, every owner with an e-mail
 * address gets one 'Your gifts have been revealed' mail. The job runs a second after start and
 * every minute (on one replica at a time); a list is marked revealed by one conditional UPDATE
 * before its mail goes out, so no run, restart or replica sends it twice.
 */
export class SurpriseReveal {
  constructor(
    private readonly store: DataStore,
    private readonly clock: Clock,
    private readonly mailer: Mailer,
    /** Where the mail's link points (PUBLIC_URL, else this machine): there is no request to follow. */
    private readonly origin: () => Promise<string>,
  ) {}

  schedule(scheduler: Scheduler): void {
    scheduler.every('surprise.reveal', MINUTE, () => this.revealDue(), 1000);
  }

  /** Marks every list whose surprise has ended as revealed and mails its owner. */
  async revealDue(now = dateOf(this.clock)): Promise<void> {
    const { wishlists, users } = this.store.tables;
    const revealed = await this.store.db
      .update(wishlists)
      .set({ revealMailedAt: now })
      .where(and(isNotNull(wishlists.surpriseUntil), lte(wishlists.surpriseUntil, now), isNull(wishlists.revealMailedAt), eq(wishlists.isDeleted, false)))
      .returning({ id: wishlists.id, name: wishlists.name, ownerId: wishlists.ownerId });
    const ownerIds = revealed.flatMap((list) => (list.ownerId ? [list.ownerId] : []));
    if (ownerIds.length === 0) return;
    const owners = new Map(
      (await this.store.db.select({ id: users.id, name: users.name, email: users.email, language: users.language }).from(users).where(inArray(users.id, ownerIds))).map(
        (owner) => [owner.id, owner],
      ),
    );
    for (const list of revealed) {
      const owner = list.ownerId ? owners.get(list.ownerId) : undefined;
      if (!owner?.email) continue;
      // No request caused it: the owner's chosen language, else English.
      const t = serverTexts(isLanguage(owner.language) ? owner.language : SOURCE_LANGUAGE);
      await this.mailer.send({
        to: owner.email,
        subject: t('mail.reveal.subject'),
        text: [t('mail.hello', { name: owner.name }), '', t('mail.reveal.body', { list: list.name }), '', `${await this.origin()}${ownerPath(list.id)}`].join('\n'),
      });
    }
  }
}
