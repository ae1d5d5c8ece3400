/**
 * How shops write currencies, mapped to ISO 4217 codes. Tokens are matched as written on the
 * page; where one token serves several currencies (`$`, `kr`) the code here is the most common
 * reading and the scraper refines it with the shop's country.
 */

/** ISO 4217 codes in use (plus a few retired ones still seen on old pages). */
export const ISO_CURRENCY_CODES = new Set(
  (
    'AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BHD BIF BMD BND BOB BRL BSD BTN BWP BYN ' +
    'BZD CAD CDF CHF CLP CNY COP CRC CUC CUP CVE CZK DJF DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL ' +
    'GHS GIP GMD GNF GTQ GYD HKD HNL HRK HTG HUF IDR ILS INR IQD IRR ISK JMD JOD JPY KES KGS KHR KMF ' +
    'KPW KRW KWD KYD KZT LAK LBP LKR LRD LSL LYD MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MYR ' +
    'MZN NAD NGN NIO NOK NPR NZD OMR PAB PEN PGK PHP PKR PLN PYG QAR RON RSD RUB RWF SAR SBD SCR SDG ' +
    'SEK SGD SHP SLE SLL SOS SRD SSP STN SVC SYP SZL THB TJS TMT TND TOP TRY TTD TWD TZS UAH UGX USD ' +
    'UYU UZS VES VND VUV WST XAF XCD XOF XPF YER ZAR ZMW ZWL ' +
    'DEM FRF ITL ESP PTE NLG BEF ATS FIM IEP GRD LTL LVL EEK SKK BYR VEF MRO STD'
  ).split(' '),
);

/**
 * Symbols and abbreviations -> ISO code. "Safe" tokens are unmistakably money wherever they
 * stand; the others (short letter groups) only count next to a number or a safe context.
 */
export const SAFE_CURRENCY_TOKENS: Record<string, string> = {
  // dollar variants before the bare $
  'US$': 'USD', 'U$S': 'USD', 'CA$': 'CAD', 'C$': 'CAD', 'AU$': 'AUD', 'A$': 'AUD', 'NZ$': 'NZD', 'NT$': 'TWD',
  'HK$': 'HKD', 'S$': 'SGD', 'MX$': 'MXN', 'R$': 'BRL', 'RD$': 'DOP', 'J$': 'JMD', 'TT$': 'TTD', 'BZ$': 'BZD',
  'CUC$': 'CUC', 'MOP$': 'MOP', 'T$': 'TOP', 'Z$': 'ZWL', '$U': 'UYU', 'AR$': 'ARS', 'CL$': 'CLP', 'CO$': 'COP',
  'Bds$': 'BBD', 'WS$': 'WST', 'N$': 'NAD', 'BN$': 'BND', 'CV$': 'CVE', 'GH₵': 'GHS',
  '$': 'USD', '€': 'EUR', '£': 'GBP', '￡': 'GBP', '₤': 'GBP', '¥': 'JPY', '￥': 'CNY', '元': 'CNY', '円': 'JPY',
  '圆': 'CNY', '圓': 'CNY', '人民币': 'CNY', '₩': 'KRW', '원': 'KRW', '₹': 'INR', '₽': 'RUB', '₴': 'UAH', '₪': 'ILS',
  '₫': 'VND', '₺': 'TRY', '₼': 'AZN', '₸': 'KZT', '₾': 'GEL', '₦': 'NGN', '₱': 'PHP', '₭': 'LAK', '₮': 'MNT',
  '₡': 'CRC', '₲': 'PYG', '₵': 'GHS', '₨': 'PKR', '₿': 'BTC', '฿': 'THB', '៛': 'KHR', '৳': 'BDT', '֏': 'AMD',
  '؋': 'AFN', '﷼': 'IRR', '₣': 'CHF', '₶': 'FRF', 'ƒ': 'ANG',
  'zł': 'PLN', 'Zł': 'PLN', 'Kč': 'CZK', 'CHF': 'CHF',
  'руб.': 'RUB', 'руб': 'RUB', 'грн.': 'UAH', 'грн': 'UAH', 'лв.': 'BGN', 'лв': 'BGN', 'р.': 'RUB', 'Р': 'RUB',
  'تومان': 'IRR', 'ریال': 'IRR', 'ريال': 'SAR', 'درهم': 'AED', 'جنيه': 'EGP', 'दर': 'NPR', 'र': 'NPR',
};

export const OTHER_CURRENCY_TOKENS: Record<string, string> = {
  Rp: 'IDR', lei: 'RON', Lei: 'RON', LEI: 'RON', Ft: 'HUF', ft: 'HUF', FT: 'HUF', TL: 'TRY', kr: 'SEK', Kr: 'SEK',
  'kr.': 'DKK', 'Kr.': 'DKK', Rs: 'INR', 'Rs.': 'INR', Br: 'BYN', KD: 'KWD', RM: 'MYR', 'Fr.': 'CHF', đ: 'VND',
  Lek: 'ALL', KM: 'BAM', FBu: 'BIF', BD: 'BHD', CFA: 'XOF', FCFA: 'XAF', kn: 'HRK', Fdj: 'DJF', Nfk: 'ERN',
  LD: 'LYD', MK: 'MWK', Rf: 'MVR', UM: 'MRU', 'B/.': 'PAB', 'S/.': 'PEN', 'S/': 'PEN', Db: 'STN', TSh: 'TZS',
  DT: 'TND', USh: 'UGX', VT: 'VUV', Bs: 'VES', ZK: 'ZMW', FG: 'GNF', 'Nu.': 'BTN', Dinara: 'RSD', euro: 'EUR',
  euros: 'EUR', EURO: 'EUR', Euro: 'EUR', pln: 'PLN', KSh: 'KES', 'E£': 'EGP', 'AU $': 'AUD', 'US $': 'USD',
};

/** Currency of a shop by the country its host belongs to (top-level domain or amazon.co.uk style). */
const TLD_CURRENCY: Record<string, string> = {
  uk: 'GBP', de: 'EUR', fr: 'EUR', es: 'EUR', it: 'EUR', nl: 'EUR', be: 'EUR', at: 'EUR', ie: 'EUR', pt: 'EUR',
  fi: 'EUR', gr: 'EUR', sk: 'EUR', si: 'EUR', lt: 'EUR', lv: 'EUR', ee: 'EUR', lu: 'EUR', ca: 'CAD', au: 'AUD',
  nz: 'NZD', jp: 'JPY', cn: 'CNY', in: 'INR', br: 'BRL', mx: 'MXN', se: 'SEK', no: 'NOK', dk: 'DKK', pl: 'PLN',
  cz: 'CZK', ch: 'CHF', ru: 'RUB', ua: 'UAH', tr: 'TRY', hu: 'HUF', ro: 'RON', bg: 'BGN', il: 'ILS', kr: 'KRW',
  sg: 'SGD', hk: 'HKD', tw: 'TWD', za: 'ZAR', ae: 'AED', sa: 'SAR', ar: 'ARS', cl: 'CLP', co: 'COP', my: 'MYR',
  id: 'IDR', th: 'THB', vn: 'VND', ph: 'PHP',
};

/** The currency a shop's host implies, e.g. amazon.co.uk -> GBP, shop.de -> EUR; null for .com and the like. */
export function currencyOfHost(hostname: string): string | null {
  return currencyOfCountry(hostname.replace(/\.$/, '').split('.').pop() ?? '');
}

/** The currency of a country by its two-letter code (a top-level domain or a locale's region: "CL", "uk"). */
export function currencyOfCountry(code: string): string | null {
  const key = code.toLowerCase();
  return TLD_CURRENCY[key === 'gb' ? 'uk' : key] ?? null;
}

/** Ambiguous symbols read through the shop's country: `$` on a .ca shop is CAD, `kr` on a .no shop NOK. */
export function refineCurrency(iso: string, token: string, hostCurrency: string | null): string {
  if (!hostCurrency) return iso;
  if (token === '$' && ['CAD', 'AUD', 'NZD', 'SGD', 'HKD', 'TWD', 'MXN', 'ARS', 'CLP', 'COP'].includes(hostCurrency)) return hostCurrency;
  if (/^kr\.?$/i.test(token) && ['SEK', 'NOK', 'DKK'].includes(hostCurrency)) return hostCurrency;
  if (token === '¥' && hostCurrency === 'CNY') return 'CNY';
  // 元 (yuan) is also what Taiwan and Hong Kong shops write after a dollar amount.
  if (/^[元圓]$/.test(token) && ['TWD', 'HKD'].includes(hostCurrency)) return hostCurrency;
  return iso;
}

/** The ISO code a currency sign, token or code stands for ('£' GBP, 'eur' EUR, 'CA$' CAD), or null for none. */
export function isoCodeOfToken(token: string): string | null {
  return SAFE_CURRENCY_TOKENS[token] ?? OTHER_CURRENCY_TOKENS[token] ?? (ISO_CURRENCY_CODES.has(token.toUpperCase()) ? token.toUpperCase() : null);
}
