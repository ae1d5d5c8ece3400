// Checks for pages in another language (issue 16): nothing wider than a phone's screen, and no
// English left over (a text the catalogue translates, shown in English, or a key shown raw).
import { expect, type Browser, type Page } from '@playwright/test';
import type { Language } from '@wishwell/shared/languages';
import { fromEachFile, type Translation } from '@wishwell/shared/language-file';
import { LANGUAGE_FILES } from '@wishwell/locales';
import { apiCall } from './api';
import { E2E_ADMIN, E2E_PORT } from './constants';
import { signedInPage } from './people';

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 900 };

/** Every catalogue of the web app (the admin console's under `admin`, as the app joins them). */
const CATALOGUES: Record<Language, Translation> = fromEachFile(LANGUAGE_FILES, (file) => ({ ...file.web, admin: file.admin }));

const PLURAL = /_(zero|one|two|few|many|other)$/;
const PLACEHOLDER = /{{\w+}}/g;

function flatten(catalogue: Translation, prefix = ''): Map<string, string> {
  return new Map(
    Object.entries(catalogue).flatMap(([key, value]) => (typeof value === 'string' ? [[prefix + key, value] as const] : [...flatten(value, `${prefix}${key}.`)])),
  );
}

/** Each language's texts by dotted key, flattened once: the walks look texts up hundreds of times. */
const flat = new Map<Language, Map<string, string>>();
function textsOf(language: Language): Map<string, string> {
  let texts = flat.get(language);
  if (!texts) flat.set(language, (texts = flatten(CATALOGUES[language])));
  return texts;
}

/** A text of `language`'s catalogue by its dotted key ('admin.pages.users'), `{{name}}`s filled from `values`. */
export function textIn(language: Language, key: string, values: Record<string, string | number> = {}): string {
  const text = textsOf(language).get(key);
  if (text === undefined) throw new Error(`no text ${key} in ${language}`);
  return text.replace(PLACEHOLDER, (placeholder) => String(values[placeholder.slice(2, -2)]));
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface EnglishTells {
  /** English texts without placeholders, matched whole: a set lookup, by far the most. */
  exact: Map<string, string[]>;
  /** Texts with placeholders, as whole-text patterns (a placeholder matches anything). */
  patterns: { key: string; pattern: RegExp }[];
  /** Every key, as a raw key on the page would show it. */
  keys: Set<string>;
}

/**
 * What would betray an untranslated text on a page in `language`: each English text the
 * language never writes itself ('Admin' is a German column header too), as a whole text;
 * English texts with little besides placeholders ('{{what}} by {{name}}') are left out, they
 * would match people's own words. Built once per language: a walk checks dozens of pages.
 */
const tells = new Map<Language, EnglishTells>();
function englishTells(language: Language): EnglishTells {
  const known = tells.get(language);
  if (known) return known;
  const english = textsOf('en');
  const own = new Set(textsOf(language).values());
  const telling = [...english].filter(([, text]) => !own.has(text) && text.replace(PLACEHOLDER, '').replace(/\W/g, '').length >= 4);
  const hasPlaceholder = (text: string) => text.search(PLACEHOLDER) >= 0;
  const exact = new Map<string, string[]>();
  for (const [key, text] of telling) if (!hasPlaceholder(text)) exact.set(text, [...(exact.get(text) ?? []), key]);
  const found: EnglishTells = {
    exact,
    patterns: telling
      .filter(([, text]) => hasPlaceholder(text))
      .map(([key, text]) => ({ key, pattern: new RegExp(`^${text.split(PLACEHOLDER).map(escape).join('.+')}$`) })),
    keys: new Set([...english.keys()].map((key) => key.replace(PLURAL, ''))),
  };
  tells.set(language, found);
  return found;
}

/** The page's visible texts: each element's own text, and the labels, titles and placeholders people and screen readers meet. */
function pageTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts = [document.title];
    for (const element of document.body.querySelectorAll('*')) {
      if (!element.checkVisibility() && element.tagName !== 'OPTION') continue;
      const own = [...element.childNodes]
        .filter((node) => node.nodeType === Node.TEXT_NODE)
        .map((node) => node.textContent)
        .join('')
        .trim();
      if (own) texts.push(own);
      for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
        const value = element.getAttribute(name)?.trim();
        if (value) texts.push(value);
      }
    }
    return texts;
  });
}

/** No text on the page is English the catalogue of `language` translates, and no catalogue key shows raw. */
export async function expectNoEnglishLeft(page: Page, language: Language): Promise<void> {
  const { exact, patterns, keys } = englishTells(language);
  const found = (await pageTexts(page)).flatMap((text) => [
    ...(exact.get(text) ?? []).map((key) => `"${text}" (${key})`),
    ...patterns.filter(({ pattern }) => pattern.test(text)).map(({ key }) => `"${text}" (${key})`),
    ...(keys.has(text) ? [`the key ${text}`] : []),
  ]);
  expect(found, `English left on ${page.url()} in ${language}`).toEqual([]);
}

/** The page fits the screen's width; the message names what sticks out. */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const measure = () =>
    page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      width: window.innerWidth,
      wide: [...document.querySelectorAll('body *')]
        .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 0.5)
        .map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].join('.')} "${element.textContent?.slice(0, 40)}"`)
        .slice(0, 5),
    }));
  // After a change of width, what sizes itself on resize (a chart's canvas) follows a frame or two later.
  let last = await measure();
  await expect.poll(async () => (last = await measure()).scrollWidth <= last.width, { timeout: 5_000, message: 'nothing wider than the screen' }).toBe(true).catch(() => undefined);
  expect(last.scrollWidth, `${page.url()} is wider than the screen: ${last.wide.join(', ')}`).toBeLessThanOrEqual(last.width);
}

const picture = `http://127.0.0.1:${E2E_PORT}/covers/other.svg`;

/** Johanna's list with a wanted-twice item and a group gift (its shop has a gift card), both in euros, for a recurring event; answers its id. */
export async function sharedList(browser: Browser): Promise<string> {
  const admin = await browser.newContext();
  const adminPage = await admin.newPage();
  await apiCall(adminPage, 'POST', '/users/login', { email: E2E_ADMIN.email, password: E2E_ADMIN.password });
  const shop = `fahrrad-${Date.now().toString(36)}${process.pid.toString(36)}.test`; // also unique beside another worker
  const rule = await apiCall<{ _id: string }>(adminPage, 'POST', '/referral-rules', { matcher: shop, programName: 'Fahrradladen', giftCardUrl: `https://${shop}/gutschein` });
  const owner = await signedInPage(browser, 'Johanna');
  const list = await apiCall<{ _id: string }>(owner.page, 'POST', '/wishlists', {
    name: 'Geburtstag',
    theme: 'Birthday',
    eventDate: '2027-03-14',
    isRecurring: true,
  });
  await apiCall(owner.page, 'POST', `/wishlists/${list._id}/items`, { title: 'Kaffeemühle', price: '1299.5', currency: 'EUR', imageUrl: picture, quantity: 2 });
  await apiCall(owner.page, 'POST', `/wishlists/${list._id}/items`, { title: 'Lastenfahrrad', price: '300', currency: 'EUR', imageUrl: picture, url: `https://${shop}/lastenrad`, isGroupGift: true });
  await owner.context.close();
  await apiCall(adminPage, 'DELETE', `/referral-rules/${rule._id}`); // the item keeps its gift card link
  await admin.close();
  return list._id;
}
