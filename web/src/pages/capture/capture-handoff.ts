import type { CapturedPage, CapturedPageResult, ListedProduct } from '@wishwell/shared/scrape-types';
import { CAPTURE_HTML_CHARACTERS, serialisePage } from './serialise-page';

/**
 * How a captured page reaches /capture. The bookmarklet opens /capture, which tells its opener it
 * is ready; the bookmarklet then posts the page to this origin only. The extension reads the
 * page itself (with an API token) and opens /capture with the answer, or the server's refusal,
 * in the fragment, which never reaches a server. Either way the user still checks the dialog before anything is saved.
 */
export const READY_MESSAGE = 'wishwell-capture-ready';
export const PAGE_MESSAGE = 'wishwell-capture';
export const RESULT_FRAGMENT = '#result=';
export const ERROR_FRAGMENT = '#error=';

/** The bookmarklet, for the server at `origin`: the page (serialisePage's own source) posted to a new /capture window. */
export function bookmarkletSource(origin: string, popupBlocked: string): string {
  const code = `(()=>{const o=${JSON.stringify(origin)};const p=(${serialisePage.toString()})(${CAPTURE_HTML_CHARACTERS});\
const w=window.open(o+'/capture','wishwell-capture');if(!w){alert(${JSON.stringify(popupBlocked)});return}\
const f=e=>{if(e.source!==w||e.origin!==o||!e.data||e.data.type!==${JSON.stringify(READY_MESSAGE)})return;\
removeEventListener('message',f);w.postMessage({type:${JSON.stringify(PAGE_MESSAGE)},url:p.url,html:p.html},o)};addEventListener('message',f)})()`;
  return `javascript:${encodeURIComponent(code)}`;
}

/** A page posted by the bookmarklet, when the message is one. */
export function capturedPageOf(data: unknown): CapturedPage | null {
  if (typeof data !== 'object' || data === null) return null;
  const { type, url, html } = data as Record<string, unknown>;
  return type === PAGE_MESSAGE && typeof url === 'string' && typeof html === 'string' ? { url, html } : null;
}

const RESULT_TEXT_FIELDS = ['title', 'price', 'currency', 'imageUrl', 'description', 'url'] as const;

/** The extension's answer from the fragment, when it is a whole one. */
export function resultFromFragment(hash: string): CapturedPageResult | null {
  if (!hash.startsWith(RESULT_FRAGMENT)) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(decodeURIComponent(hash.slice(RESULT_FRAGMENT.length)));
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const fields = parsed as Record<string, unknown>;
  if (!RESULT_TEXT_FIELDS.every((key) => typeof fields[key] === 'string')) return null;
  const text = (key: (typeof RESULT_TEXT_FIELDS)[number]) => fields[key] as string;
  return {
    title: text('title'),
    price: text('price'),
    currency: text('currency'),
    imageUrl: text('imageUrl'),
    description: text('description'),
    url: text('url'),
    priceIsRange: fields.priceIsRange === true,
    referralProgram: typeof fields.referralProgram === 'string' ? fields.referralProgram : null,
    giftCardUrl: typeof fields.giftCardUrl === 'string' ? fields.giftCardUrl : null,
    products: Array.isArray(fields.products) ? fields.products.filter(isListedProduct) : [],
  };
}

const LISTED_FIELDS = ['title', 'url', 'price', 'currency', 'imageUrl'] as const;

function isListedProduct(value: unknown): value is ListedProduct {
  return typeof value === 'object' && value !== null && LISTED_FIELDS.every((key) => typeof (value as Record<string, unknown>)[key] === 'string');
}

/** The server's refusal the extension passed on, when the fragment holds one. */
export function errorFromFragment(hash: string): string | null {
  if (!hash.startsWith(ERROR_FRAGMENT)) return null;
  try {
    return decodeURIComponent(hash.slice(ERROR_FRAGMENT.length)).slice(0, 500) || null;
  } catch {
    return null;
  }
}
