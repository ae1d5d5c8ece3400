import type { CheerioAPI } from 'cheerio';
import type { CandidateList } from './candidates';

/**
 * Knowledge of the biggest shops' markup, recognised by the markup itself (so every country
 * site of a shop is covered). Amazon: the landing image and the buy-box price, never a
 * sponsored card's price further down the page.
 */
const AMAZON_PRICE_SELECTORS = [
  '#corePrice_feature_div .a-price .a-offscreen',
  '#corePriceDisplay_desktop_feature_div .a-price .a-offscreen',
  '#priceblock_dealprice',
  '#priceblock_saleprice',
  '#priceblock_ourprice',
  '#price_inside_buybox',
  '#newBuyBoxPrice',
  '#kindle-price',
  '#buybox .a-price .a-offscreen',
  '#buybox .offer-price',
  '#buybox .a-color-price',
];

function addAmazonCandidates($: CheerioAPI, candidates: CandidateList): boolean {
  const title = $('#productTitle, #ebooksProductTitle').first();
  if (title.length === 0) return false;
  candidates.add('title', title.text(), 'site');
  const image = $('#landingImage, #imgBlkFront, #ebooksImgBlkFront').first();
  candidates.add('image', image.attr('data-old-hires') || largestDynamicImage(image.attr('data-a-dynamic-image')) || usableSrc(image.attr('src')), 'site');
  const currency = $('[data-asin-currency-code]').first().attr('data-asin-currency-code') ?? null;
  for (const selector of AMAZON_PRICE_SELECTORS) {
    const price = $(selector).first().text().trim();
    if (/\d/.test(price)) {
      candidates.add('price', price, 'site', { currency });
      break;
    }
  }
  return true;
}

/** data-a-dynamic-image is {"url": [width, height], ...}: the widest one. */
function largestDynamicImage(json: string | undefined): string | undefined {
  if (!json) return undefined;
  try {
    const sizes = Object.entries(JSON.parse(json) as Record<string, [number, number]>);
    return sizes.sort((a, b) => b[1][0] - a[1][0])[0]?.[0];
  } catch {
    return undefined;
  }
}

function usableSrc(src: string | undefined): string | undefined {
  return src && !src.startsWith('data:') ? src : undefined;
}

/** Taobao / Tmall item pages: the main image booth and the listed price. */
function addTaobaoCandidates($: CheerioAPI, candidates: CandidateList): boolean {
  const booth = $('#J_ImgBooth');
  if (booth.length === 0) return false;
  candidates.add('image', booth.attr('src'), 'site');
  candidates.add('price', $('#J_StrPrice .tb-rmb-num, .tm-price').first().text(), 'site', { currency: 'CNY' });
  return true;
}

export function addSiteCandidates($: CheerioAPI, candidates: CandidateList): void {
  addAmazonCandidates($, candidates) || addTaobaoCandidates($, candidates);
}

/** Shops whose prices are in one currency whatever the page says (country marketplaces on .com). */
export const SHOP_CURRENCY: Record<string, string> = {
  'taobao.com': 'CNY',
  'tmall.com': 'CNY',
  'jd.com': 'CNY',
  'flipkart.com': 'INR',
  'rakuten.co.jp': 'JPY',
};
