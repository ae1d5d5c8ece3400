import type { detect } from 'chardet';
import type iconvLite from 'iconv-lite';

interface Codecs {
  iconv: typeof iconvLite;
  detect: typeof detect;
}

let codecs: Promise<Codecs> | null = null;

/** iconv-lite and chardet load with the first page decoded, keeping them out of start-up. */
function loadCodecs(): Promise<Codecs> {
  codecs ??= Promise.all([import('iconv-lite'), import('chardet')]).then(([iconv, chardet]) => ({ iconv: iconv.default, detect: chardet.detect }));
  return codecs;
}

/** How far into a page to look for its <meta charset> (shops put long scripts before it). */
const META_SCAN_BYTES = 64 * 1024;

// Bounded repeats: a page full of unclosed "<meta" must not make this quadratic.
const META_CHARSET = /(<meta[^>]{1,300}?charset\s*=\s*["']?\s*)([\w.:-]{1,40})/i;
const EVERY_META_CHARSET = new RegExp(META_CHARSET.source, 'gi');
const HEADER_CHARSET = /charset\s*=\s*["']?([\w.:-]+)/i;

/** The declared or marked character set: byte order mark, the Content-Type header, the first <meta> (charset or http-equiv). */
function declaredCharset(body: Buffer, contentType: string, codecs: Codecs): string | null {
  if (body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) return 'utf-8';
  if (body[0] === 0xff && body[1] === 0xfe) return 'utf-16le';
  if (body[0] === 0xfe && body[1] === 0xff) return 'utf-16be';
  const declared = HEADER_CHARSET.exec(contentType)?.[1] ?? META_CHARSET.exec(body.subarray(0, META_SCAN_BYTES).toString('latin1'))?.[2];
  return declared ? normalizeCharset(declared, codecs) : null;
}

const SNIFF_BYTES = 256 * 1024;

/** An undeclared page's character set: UTF-8 when the bytes are valid UTF-8, else what chardet reads in them. */
function sniffedCharset(body: Buffer, codecs: Codecs): string {
  const sample = body.subarray(0, SNIFF_BYTES);
  try {
    // Streaming: a character cut at the sample's end is not an error, only a wrong byte is.
    new TextDecoder('utf-8', { fatal: true }).decode(sample, { stream: true });
    return 'utf-8';
  } catch {
    return normalizeCharset(codecs.detect(sample) ?? 'windows-1252', codecs);
  }
}

/** The page's character set: byte order mark, Content-Type header, <meta>, then detection from the bytes. */
function detectCharset(body: Buffer, contentType: string, codecs: Codecs): string {
  return declaredCharset(body, contentType, codecs) ?? sniffedCharset(body, codecs);
}

function normalizeCharset(name: string | undefined, { iconv }: Codecs): string {
  const lower = (name ?? '').toLowerCase();
  // Browsers read Latin-1 as windows-1252 and GB2312 as GBK; so do we.
  if (['iso-8859-1', 'latin1', 'latin-1', 'us-ascii', 'ascii'].includes(lower)) return 'windows-1252';
  if (['gb2312', 'gb_2312-80', 'x-gbk'].includes(lower)) return 'gbk';
  return lower && iconv.encodingExists(lower) ? lower : 'utf-8';
}

const replacements = (text: string) => text.split('\uFFFD').length - 1;

/**
 * The page as text in its character set (GBK and Latin-1 pages read right). A page whose
 * declared charset leaves undecodable bytes (U+FFFD) is read with the detected one when that
 * reads more of it.
 */
export async function decodeHtml(body: Buffer, contentType: string): Promise<string> {
  const codecs = await loadCodecs();
  const charset = detectCharset(body, contentType, codecs);
  const text = codecs.iconv.decode(body, charset);
  if (!text.includes('\uFFFD')) return text;
  const sniffed = sniffedCharset(body, codecs);
  if (sniffed === charset) return text;
  const retried = codecs.iconv.decode(body, sniffed);
  return replacements(retried) < replacements(text) ? retried : text;
}

/**
 * A decoded page with the <meta> charset declarations in its head saying utf-8, for a browser
 * handed the page as UTF-8: it must not decode the text a second time with the old charset.
 */
export function declaringUtf8(html: string): string {
  const start = html.slice(0, META_SCAN_BYTES);
  const headEnd = start.search(/<\/head\s*>/i);
  const head = headEnd === -1 ? start : start.slice(0, headEnd);
  return head.replace(EVERY_META_CHARSET, '$1utf-8') + html.slice(head.length);
}
