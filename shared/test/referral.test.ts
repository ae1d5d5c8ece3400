import { describe, expect, it } from 'vitest';
import {
  allowsGroupGift,
  applyReferralRules,
  buildAffiliateUrl,
  extractProductId,
  findReferralRule,
  matcherCoversHost,
  shopDomainOf,
  type ReferralRuleFields,
} from '../src/referral';

const amazonUk: ReferralRuleFields = {
  matcher: 'amazon.co.uk',
  programName: 'Amazon UK',
  referralCode: 'wishwell-21',
  idRegex: '/(?:dp|gp/product)/([A-Z0-9]{10})',
  urlStructure: 'https://www.amazon.co.uk/dp/{ID}?tag={TAG}',
  giftCardUrl: 'https://www.amazon.co.uk/gift-cards?tag={TAG}',
};
const etsy: ReferralRuleFields = {
  matcher: 'etsy',
  programName: 'Etsy',
  referralCode: 'ww',
  idRegex: '/listing/(\\d+)',
  urlStructure: 'https://www.etsy.com/listing/{ID}?ref={TAG}',
  giftCardUrl: null,
};

describe('referral rules', () => {
  it('matches a domain, its subdomains and bare names, not look-alikes', () => {
    expect(matcherCoversHost('amazon.co.uk', 'www.amazon.co.uk')).toBe(true);
    expect(matcherCoversHost('https://www.amazon.co.uk/', 'smile.amazon.co.uk')).toBe(true);
    expect(matcherCoversHost('amazon.co.uk', 'notamazon.co.uk')).toBe(false);
    expect(matcherCoversHost('amazon.co.uk', 'amazon.co.uk.evil.example')).toBe(false);
    expect(matcherCoversHost('etsy', 'www.etsy.com')).toBe(true);
    expect(matcherCoversHost('etsy', 'etsy-fakes.com')).toBe(false);
    expect(matcherCoversHost('', 'www.etsy.com')).toBe(false);
  });

  it('applies the first matching rule in order', () => {
    const general: ReferralRuleFields = { ...amazonUk, matcher: 'amazon', programName: 'Amazon (any)' };
    expect(findReferralRule([general, amazonUk], 'https://www.amazon.co.uk/dp/B000000001')?.programName).toBe('Amazon (any)');
    expect(findReferralRule([amazonUk, general], 'https://www.amazon.co.uk/dp/B000000001')?.programName).toBe('Amazon UK');
    expect(findReferralRule([amazonUk], 'https://shop.example/x')).toBeNull();
    expect(findReferralRule([amazonUk], 'not a url')).toBeNull();
  });

  it('extracts the id with the capturing group and builds the clean affiliate URL', () => {
    const url = 'https://www.amazon.co.uk/Vegetable-Perfection/dp/1849757097/ref=asap_bc?ie=UTF8';
    expect(extractProductId(amazonUk.idRegex, url)).toBe('1849757097');
    expect(buildAffiliateUrl(amazonUk, url)).toBe('https://www.amazon.co.uk/dp/1849757097?tag=wishwell-21');
    expect(applyReferralRules([amazonUk], url)).toEqual({
      url: 'https://www.amazon.co.uk/dp/1849757097?tag=wishwell-21',
      referralProgram: 'Amazon UK',
      giftCardUrl: 'https://www.amazon.co.uk/gift-cards?tag=wishwell-21',
    });
  });

  it('keeps the link when the id cannot be found but still records the program', () => {
    const url = 'https://www.amazon.co.uk/gp/help/customer';
    expect(applyReferralRules([amazonUk], url)).toMatchObject({ url, referralProgram: 'Amazon UK' });
  });

  it('never throws on a broken regex or template', () => {
    const broken = { ...amazonUk, idRegex: '([unclosed', urlStructure: 'javascript:alert({ID})' };
    const url = 'https://www.amazon.co.uk/dp/1849757097';
    expect(() => applyReferralRules([broken], url)).not.toThrow();
    expect(applyReferralRules([broken], url).url).toBe(url);
    expect(buildAffiliateUrl({ ...amazonUk, urlStructure: 'javascript:alert({ID})' }, url)).toBeNull();
    expect(extractProductId('(a+)+$', 'x'.repeat(5000))).toBeNull();
  });

  it('allows a group gift only when the matching rule has a gift card URL', () => {
    expect(allowsGroupGift([amazonUk, etsy], 'https://www.amazon.co.uk/dp/1849757097')).toBe(true);
    expect(allowsGroupGift([amazonUk, etsy], 'https://www.etsy.com/listing/550571276/doormat')).toBe(false);
    expect(allowsGroupGift([amazonUk, etsy], 'https://shop.example/item')).toBe(false);
    expect(applyReferralRules([etsy], 'https://www.etsy.com/listing/550571276/doormat')).toEqual({
      url: 'https://www.etsy.com/listing/550571276?ref=ww',
      referralProgram: 'Etsy',
      giftCardUrl: null,
    });
  });
});

describe('shopDomainOf', () => {
  it('is the link host in lower case without www., user info or port', () => {
    expect(shopDomainOf('https://www.Amazon.co.uk/dp/B0?x=1')).toBe('amazon.co.uk');
    expect(shopDomainOf('http://user:pw@shop.example.com:8080/p#top')).toBe('shop.example.com');
    expect(shopDomainOf('https://WWW.etsy.com.')).toBe('etsy.com');
    expect(shopDomainOf('https://smile.amazon.co.uk/')).toBe('smile.amazon.co.uk');
  });

  it("is '' for anything but an http(s) link", () => {
    for (const url of ['', 'not a link', 'ftp://shop.example.com/', 'javascript:alert(1)', '/relative/path']) expect(shopDomainOf(url)).toBe('');
  });
});
