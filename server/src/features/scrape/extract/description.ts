/**
 * The product's description without the shop's boilerplate: markup and entities left in a
 * feed's text, the shop's name glued to the end ("…-淘宝网"), a description that only repeats
 * the title (with the shop and a category after it: "Name: Amazon.it: Casa e cucina"), and the
 * shop's slogan standing in for a description (it names the shop and not the product).
 */
import { comparable, withoutGluedSiteName } from './choose';
import type { Candidate } from './candidates';
import { decodeEntities } from './json-ld';

const MAX_DESCRIPTION = 1000;
const HAN_OR_HANGUL = /[\p{Script=Han}\p{Script=Hangul}\p{Script=Hiragana}\p{Script=Katakana}]/u;

/** Text of a description that came with markup ("<p>…</p><br />", "&iacute;"). */
function plainText(value: string): string {
  return decodeEntities(value.replace(/<br\s*\/?>|<\/(?:p|li|h\d|div)>/gi, ' ').replace(/<[^>]*>/g, ''))
    .replace(/\s+/g, ' ')
    .trim();
}

/** The title's words to look for: words of four letters or more, and pairs of CJK characters. */
function keyWords(title: string): string[] {
  return (title.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).flatMap((word) => {
    if (!HAN_OR_HANGUL.test(word)) return word.length >= 4 ? [word] : [];
    return [...word].slice(0, -1).map((char, index) => char + word[index + 1]!);
  });
}

function namesTheShop(text: string, siteNames: string[]): boolean {
  const key = comparable(text);
  const names = siteNames.flatMap((name) => [name, ...name.split(/\s+/)]).map(comparable).filter((name) => name.length >= 4);
  return names.some((name) => key.includes(name));
}

/** What may follow the title in a repeat: the shop's name and the category path ("| Cars, BMW | eBay!"). */
const MAX_DECORATION = 120;

/** Whether the text is only the title, or the title and the shop's decoration after it. */
function onlyRepeatsTitle(text: string, title: string, siteNames: string[]): boolean {
  if (!title || !text.toLowerCase().startsWith(title.toLowerCase())) return comparable(text) === comparable(title);
  const rest = text.slice(title.length);
  return comparable(rest) === '' || (rest.length <= MAX_DECORATION && namesTheShop(rest, siteNames));
}

export function chooseDescription(candidates: Candidate[], title: string, siteNames: string[]): string {
  const words = keyWords(title);
  for (const candidate of candidates) {
    const text = withoutGluedSiteName(plainText(candidate.value), siteNames);
    if (!text || onlyRepeatsTitle(text, title, siteNames)) continue;
    const lower = text.toLowerCase();
    const slogan = words.length > 0 && !words.some((word) => lower.includes(word)) && namesTheShop(text, siteNames);
    if (!slogan) return text.slice(0, MAX_DESCRIPTION);
  }
  return '';
}
