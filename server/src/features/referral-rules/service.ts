import { applyReferralRules, findReferralRule, giftCardUrlOf, type ReferralOutcome } from '@wishwell/shared/referral';
import type { PublicReferralRule } from '@wishwell/shared/scrape-types';
import type { LogPage, PagedQuery } from '@wishwell/shared/admin-types';
import { REPORT_CURRENCY, type CurrencyTotal, type ReferralOpportunity, type ReferralRule, type ReferralRuleInput } from '@wishwell/shared/referral-types';
import type { DataStore } from '../../db/store';
import { invalid, notFound, part } from '../../domain/errors';
import { isWebAddress } from '@wishwell/shared/domain';
import { CrossProcessInvalidation } from '../../db/invalidation';
import { newId } from '../../ids';
import { ReferralRuleQueries, type ReferralRuleRow } from './queries';

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

/** A gift card page guests are sent to: http(s) only, so no rule can make a link run script. */
function giftCardAddress(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  if (!trimmed) return null;
  if (!isWebAddress(trimmed)) throw invalid('webAddress', { what: part('giftCardAddress') });
  return trimmed;
}

/** Trimmed fields; an empty gift card URL means none. */
function cleanInput(input: ReferralRuleInput) {
  const matcher = input.matcher.trim();
  if (!matcher) throw invalid('matcherRequired');
  return {
    matcher,
    programName: input.programName.trim(),
    referralCode: (input.referralCode ?? '').trim(),
    idRegex: (input.idRegex ?? '').trim(),
    urlStructure: (input.urlStructure ?? '').trim(),
    giftCardUrl: giftCardAddress(input.giftCardUrl),
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
  private readonly queries: ReferralRuleQueries;

  constructor(store: DataStore) {
    this.queries = new ReferralRuleQueries(store);
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
    const row = await this.queries.insert(newId(), cleanInput(input), new Date());
    this.sync.invalidate('*');
    return toReferralRule(row);
  }

  async update(id: string, input: ReferralRuleInput): Promise<ReferralRule> {
    const row = await this.queries.update(id, cleanInput(input), new Date());
    if (!row) throw notFound('referralRuleNotFound');
    this.sync.invalidate('*');
    return toReferralRule(row);
  }

  async remove(id: string): Promise<void> {
    if (!(await this.queries.delete(id))) throw notFound('referralRuleNotFound');
    this.sync.invalidate('*');
  }

  /** What a product link becomes: clean affiliate URL, program, gift card URL (first matching rule). */
  async apply(url: string): Promise<ReferralOutcome> {
    return applyReferralRules(await this.rules(), url);
  }

  /**
   * One page of shop domains (matching `q`), most items first, with their value in each currency
   * and whether a rule covers the shop. No exchange rates are kept, so `totalValue` is the
   * GBP-priced items' value and other currencies are reported beside it, never converted.
   */
  async opportunities(query: PagedQuery): Promise<LogPage<ReferralOpportunity>> {
    const [page, rules] = await Promise.all([this.queries.shopTotalsPage(query), this.rules()]);
    return {
      ...page,
      entries: page.entries.map(({ domain, itemCount, totals }) => ({
        domain,
        itemCount,
        totalValue: roundCents(totals.find((total) => total.currency === REPORT_CURRENCY)?.total ?? 0),
        totals: totals.map(({ currency, total }) => ({ currency, total: roundCents(total) })).sort(reportCurrencyFirst),
        hasReferralRule: findReferralRule(rules, `https://${domain}/`) !== null,
      })),
    };
  }

  private rules(): Promise<ReferralRuleRow[]> {
    this.cached ??= this.queries.all().then(
      (rows) => rows,
      (error: unknown) => {
        this.cached = null; // a failed read is not remembered
        throw error;
      },
    );
    return this.cached;
  }
}

const roundCents = (value: number) => Math.round(value * 100) / 100;

function reportCurrencyFirst(a: CurrencyTotal, b: CurrencyTotal): number {
  return Number(b.currency === REPORT_CURRENCY) - Number(a.currency === REPORT_CURRENCY) || b.total - a.total || a.currency.localeCompare(b.currency);
}
