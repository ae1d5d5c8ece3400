import type { CheerioAPI } from 'cheerio';
import { currencyOfCountry } from '@wishwell/shared/currency-tokens';

/** Character sets only one country's shops use. */
const CHARSET_CURRENCY: Record<string, string> = { gbk: 'CNY', gb2312: 'CNY', gb18030: 'CNY', big5: 'TWD', shift_jis: 'JPY', 'euc-jp': 'JPY', 'iso-2022-jp': 'JPY', 'euc-kr': 'KRW' };

/**
 * The currency of the country the page is written for, when its host does not say (a .com
 * shop): the region of its language tag ("es-CL", og:locale "zh_CN"), else a national character
 * set (GBK, Big5, Shift_JIS). Reads an ambiguous symbol: ¥ on a GBK page is yuan, not yen.
 */
export function localeCurrency($: CheerioAPI): string | null {
  const tags = [$('html').attr('lang'), $('meta[http-equiv="content-language" i]').attr('content'), $('meta[property="og:locale"]').attr('content')];
  for (const tag of tags) {
    const region = /^[a-z]{2,3}[-_]([a-z]{2})\b/i.exec(tag?.trim() ?? '')?.[1];
    const currency = region ? currencyOfCountry(region) : null;
    if (currency) return currency;
  }
  const charset = ($('meta[charset]').attr('charset') ?? /charset=([\w-]+)/i.exec($('meta[http-equiv="content-type" i]').attr('content') ?? '')?.[1] ?? '').toLowerCase();
  return CHARSET_CURRENCY[charset] ?? null;
}
