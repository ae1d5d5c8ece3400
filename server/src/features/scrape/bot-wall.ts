import { text, type ErrorText } from '../../domain/errors';

/**
 * Pages a shop shows to robots instead of the product (Cloudflare's "Just a moment...", captchas,
 * Amazon's robot check). Reading them would produce a bogus title: they are a failure.
 */
const WALL_TITLES = /^(just a moment|attention required|access denied|robot check|are you a (robot|human)|pardon our interruption|security check|verify you are human|one more step|please wait|403 forbidden|captcha)/i;
const WALL_MARKERS = /cf-challenge|challenge-platform|cf_chl_|g-recaptcha|h-captcha|px-captcha|captcha-delivery|\/errors\/validatecaptcha|distil_r_captcha|enter the characters you see below|verify (that )?you are (a )?human|unusual traffic from your computer/i;

/** A reason when the page is a bot wall, else null. Only the head of the page is read. */
export function botWallReason(html: string, status: number): ErrorText | null {
  const head = html.slice(0, 200_000);
  const title = /<title[^>]{0,200}>([^<]{0,300})<\/title>/i.exec(head)?.[1]?.trim() ?? '';
  if (WALL_TITLES.test(title)) return text('robotCheckTitled', { title: title.slice(0, 60) });
  const marker = WALL_MARKERS.exec(head);
  // Product pages may load a captcha script for checkout; a wall is a small page built around it.
  if (marker && (html.length < 60_000 || status === 403 || status === 429 || status === 503)) {
    return text('robotCheck');
  }
  return null;
}
