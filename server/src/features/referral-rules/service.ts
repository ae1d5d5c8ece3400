import { asc, eq } from 'drizzle-orm';
import { parsePrice } from '@wishwell/shared/price-parse';
import { applyReferralRules, findReferralRule, giftCardUrlOf, type ReferralOutcome } from '@wishwell/shared/referral';
import type { PublicReferralRule } from '@wishwell/shared/scrape-types';
import type { ReferralOpportunity, ReferralRule, ReferralRuleInput } from '@wishwell/shared/referral-types';
import type { DataStore, Row } from '../../db/store';
import { badRequest, notFound } from '../../http/errors';
import { CrossProcessInvalidation } from '../../db/invalidation';
import { newId } from '../../ids';

type ReferralRuleRow = Row<'referralRules'>;

function toReferralRule(row: ReferralRuleRow): ReferralRule {
  return {
    _id: row.id,
    matcher: row.matcher,
    programName: row.programName,
    referralCode: row.referralCode,
    idRegex: row.idRegex,
    urlStructure: row.urlStructure,
    giftCardUrl: row.giftCardUrl,
  };
}

function toPublicReferralRule(row: ReferralRuleRow): PublicReferralRule {
  return { _id: row.id, matcher: row.matcher, programName: row.programName, hasGiftCard: giftCardUrlOf(row) !== null };
}

/** Trimmed fields; an empty gift card URL means none. */
function cleanInput(input: ReferralRuleInput) {
  const matcher = input.matcher.trim();
  if (!matcher) throw badRequest('Matcher is required.');
  return {
    matcher,
    programName: input.programName.trim(),
    referralCode: (input.referralCode ?? '').trim(),
    idRegex: (input.idRegex ?? '').trim(),
    urlStructure: (input.urlStructure ?? '').trim(),
    giftCardUrl: input.giftCardUrl?.trim() || null,
  };
}

/**
 * Referral rules: admin CRUD, the public list the item form needs, and applying the rules to a
 * product link (on scrape and when an item is saved). Rules apply in creation order and are
 * kept in memory (read on every item save).
 */
export class ReferralRuleService {
  private cached: Promise<ReferralRuleRow[]> | null = null;
  /** A change through any replica drops the rules everywhere; the next use reads them again. */
  private readonly sync: CrossProcessInvalidation;

  constructor(private readonly store: DataStore) {
    this.sync = new CrossProcessInvalidation(store.changes, 'wishwell_referral_rules', () => (this.cached = null));
  }

  listen(): Promise<void> {
    return this.sync.listen();
  }

  async listPublic(): Promise<PublicReferralRule[]> {
    return (await this.rules()).map(toPublicReferralRule);
  }

  async listAll(): Promise<ReferralRule[]> {
    return (await this.rules()).map(toReferralRule);
  }

  async create(input: ReferralRuleInput): Promise<ReferralRule> {
    const now = new Date();
    const [row] = await this.store.db
      .insert(this.store.tables.referralRules)
      .values({ id: newId(), ...cleanInput(input), createdAt: now, updatedAt: now })
      .returning();
    this.sync.invalidate('*');
    return toReferralRule(row!);
  }

  async update(id: string, input: ReferralRuleInput): Promise<ReferralRule> {
    const { referralRules } = this.store.tables;
    const [row] = await this.store.db.update(referralRules).set({ ...cleanInput(input), updatedAt: new Date() }).where(eq(referralRules.id, id)).returning();
    if (!row) throw notFound('Referral rule not found.');
    this.sync.invalidate('*');
    return toReferralRule(row);
  }

  async remove(id: string): Promise<void> {
    const { referralRules } = this.store.tables;
    const [removed] = await this.store.db.delete(referralRules).where(eq(referralRules.id, id)).returning({ id: referralRules.id });
    if (!removed) throw notFound('Referral rule not found.');
    this.sync.invalidate('*');
  }

  /** What a product link becomes: clean affiliate URL, program, gift card URL (first matching rule). */
  async apply(url: string): Promise<ReferralOutcome> {
    return applyReferralRules(await this.rules(), url);
  }

  /** Items per shop domain with their total value and whether a rule covers the shop (most items first). */
  async opportunities(): Promise<ReferralOpportunity[]> {
    const { items } = this.store.tables;
    const rows = await this.store.db.select({ url: items.url, price: items.price, quantity: items.quantity }).from(items);
    const rules = await this.rules();
    const byDomain = new Map<string, ReferralOpportunity>();
    for (const row of rows) {
      const domain = shopDomain(row.url);
      if (!domain) continue;
      const entry = byDomain.get(domain) ?? { domain, itemCount: 0, totalValue: 0, hasReferralRule: findReferralRule(rules, row.url) !== null };
      entry.itemCount += 1;
      entry.totalValue += Number(parsePrice(row.price).amount ?? 0) * row.quantity;
      byDomain.set(domain, entry);
    }
    return [...byDomain.values()]
      .map((entry) => ({ ...entry, totalValue: Math.round(entry.totalValue * 100) / 100 }))
      .sort((a, b) => b.itemCount - a.itemCount || b.totalValue - a.totalValue || a.domain.localeCompare(b.domain));
  }

  private rules(): Promise<ReferralRuleRow[]> {
    const { referralRules } = this.store.tables;
    this.cached ??= this.store.db.select().from(referralRules).orderBy(asc(referralRules.createdAt), asc(referralRules.id)).then(
      (rows) => rows,
      (error: unknown) => {
        this.cached = null; // a failed read is not remembered
        throw error;
      },
    );
    return this.cached;
  }
}

/** "www.amazon.co.uk" from a product link; null for anything that is not an http(s) link. */
function shopDomain(url: string): string | null {
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
    return parsed.hostname.toLowerCase().replace(/^www\./, '');
  } catch {
    return null;
  }
}
