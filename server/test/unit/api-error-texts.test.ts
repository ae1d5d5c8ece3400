import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, test } from 'vitest';
import { LANGUAGES, type Language } from '@wishwell/shared/languages';
import { API_TOKEN_INVALID_MESSAGE, API_TOKEN_NOT_ADMIN_MESSAGE, API_TOKEN_READ_ONLY_MESSAGE, API_TOKEN_SESSION_ONLY_MESSAGE, ACCOUNT_DISABLED_MESSAGE } from '../../src/http/access';
import { IMAGE_TOO_LARGE_MESSAGE } from '../../src/http/body-limits';
import { DISK_FULL_MESSAGE } from '../../src/http/body-reader';
import { RateLimiter } from '../../src/limits/rate-limit';
import { SELF_DISABLE_MESSAGE } from '../../src/features/admin/service';
import { LINK_EXPIRED } from '../../src/features/oidc/service';
import { CLAIM_NOT_FOUND } from '../../src/features/wishlists/claims';
import { ITEM_NOT_FOUND, LIST_NOT_FOUND } from '../../src/features/wishlists/access';
import { INVITATION_INVALID } from '../../src/features/wishlists/invitations';
import { INVALID_CREDENTIALS, LANGUAGE_UNKNOWN, PASSWORD_LOGIN_OFF, RESET_LINK_INVALID } from '../../src/features/users/service';
import { translateError } from '../../src/i18n/api-errors';

// The server catalogue matches error messages by their English text: when a service's text
// changes and the catalogue's does not, the translation silently stops. These keep them together.
const SERVICE_TEXTS = {
  ACCOUNT_DISABLED_MESSAGE,
  API_TOKEN_INVALID_MESSAGE,
  API_TOKEN_NOT_ADMIN_MESSAGE,
  API_TOKEN_READ_ONLY_MESSAGE,
  API_TOKEN_SESSION_ONLY_MESSAGE,
  DISK_FULL_MESSAGE,
  IMAGE_TOO_LARGE_MESSAGE,
  CLAIM_NOT_FOUND,
  ITEM_NOT_FOUND,
  LIST_NOT_FOUND,
  INVITATION_INVALID,
  INVALID_CREDENTIALS,
  LANGUAGE_UNKNOWN,
  LINK_EXPIRED,
  PASSWORD_LOGIN_OFF,
  RESET_LINK_INVALID,
  SELF_DISABLE_MESSAGE,
};

/** Files whose error texts the scan below cannot judge, and why. */
const SCANNED_ELSEWHERE: Record<string, string> = {
  'domain/errors.ts': 'typed errors name catalogue keys, not English texts',
  'limits/rate-limit.ts': "a limit's own message plus its wait, each translated (the rate limit test below)",
  'features/item-images/fetch-image.ts': 'copying item images runs in the background: its failures are logged, never an answer',
};

const OTHER_LANGUAGES = (Object.keys(LANGUAGES) as Language[]).filter((language) => language !== 'en');
const SOURCE = join(import.meta.dirname, '..', '..', 'src');

/**
 * Every error text written in the server's source where an API answer's message comes from:
 * literals handed to the error helpers (badRequest(...), new ApiError(400, ...), a refused
 * backup or product link), to a route schema's `error:`, a rate limit's `message`, and the
 * constants those helpers are handed. A template's `${...}` parts become sample values.
 */
function errorTextsInSource(): { where: string; text: string }[] {
  const literal = String.raw`('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|\x60(?:[^\x60\\]|\\.)*\x60)`;
  const helper = String.raw`(?:badRequest|unauthorized|forbidden|notFound|conflict|payloadTooLarge|unprocessable|tooManyRequests|new ApiError\(\s*\d+,|new InvalidBackupError|new ScrapeRefused|new FetchFailed)\(?\s*`;
  const found: { where: string; text: string }[] = [];
  for (const file of readdirSync(SOURCE, { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.ts') || file.startsWith('i18n') || file.startsWith('db/schema') || SCANNED_ELSEWHERE[file]) continue;
    const code = readFileSync(join(SOURCE, file), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
    const add = (raw: string) => found.push({ where: relative(SOURCE, join(SOURCE, file)), text: sampled(raw) });
    for (const [, raw] of code.matchAll(new RegExp(helper + literal, 'g'))) add(raw!);
    for (const [, raw] of code.matchAll(new RegExp(String.raw`\berror:\s*` + literal, 'g'))) add(raw!);
    for (const [, raw] of code.matchAll(new RegExp(String.raw`(?:RateLimiter\(\{[^}]*\bmessage|const message)\s*[:=]\s*` + literal, 'g'))) add(raw!);
    for (const [, name] of code.matchAll(new RegExp(helper + String.raw`([A-Z][A-Z_]+)\b`, 'g'))) {
      const constant = new RegExp(String.raw`const ${name} =\s*` + literal).exec(code);
      if (constant) add(constant[1]!);
    }
  }
  return found;
}

/** A literal's text, a template's `${...}` parts replaced by sample values (a choice by its first branch). */
function sampled(raw: string): string {
  let n = 0;
  return raw
    .slice(1, -1)
    .replace(/\$\{([^}]*)\}/g, (_, expression: string) => /\?\s*'([^']*)'\s*:/.exec(expression)?.[1] ?? `X${++n}`)
    .replace(/\\(.)/g, '$1');
}

describe('API error texts', () => {
  test.each(Object.entries(SERVICE_TEXTS))('%s has a translation in every language', (_, english) => {
    for (const language of OTHER_LANGUAGES) expect(translateError(english, language), language).not.toBe(english);
    expect(translateError(english, 'en')).toBe(english);
  });

  test('every error text in the server source has a translation in every language', () => {
    const texts = errorTextsInSource();
    expect(texts.length).toBeGreaterThan(150);
    const untranslated = texts.filter(({ text }) => OTHER_LANGUAGES.some((language) => translateError(text, language) === text));
    expect(untranslated).toEqual([]);
  });

  test('a rate limit names its wait in the language too', () => {
    const limiter = new RateLimiter({ limit: 1, windowMs: 15 * 60_000, text: 'tooManySignIns' });
    limiter.hit('someone');
    const refusal = (() => {
      try {
        limiter.hit('someone');
      } catch (error) {
        return (error as Error).message;
      }
    })();
    expect(refusal).toBe('Too many sign-in attempts. Please try again in 15 minutes.');
    expect(translateError(refusal!, 'de')).toBe('Zu viele Anmeldeversuche. Bitte versuch es in 15 Minuten noch einmal.');
    expect(translateError('Too many images uploaded. Please try again in 1 minute.', 'es')).toBe('Has subido demasiadas imágenes. Inténtalo de nuevo dentro de 1 minuto.');
  });

  test('a varying part is carried over (translated when it is a field name or a text of its own), and an unknown text stays English', () => {
    expect(translateError('These are not valid e-mail addresses: a@, b@', 'fr')).toBe('Ces adresses e-mail ne sont pas valides : a@, b@');
    expect(translateError('Only €20.00 is still needed, not €30.00.', 'de')).toBe('Es fehlen nur noch €20.00, nicht €30.00.');
    expect(translateError('The description must be at most 5000 characters.', 'fr')).toBe('La description : 5000 caractères au maximum.');
    expect(translateError('A restore is already under way: try again when it has finished.', 'es')).toBe('Ya hay una restauración en curso: inténtalo de nuevo cuando haya terminado.');
    expect(translateError('Scraping failed: The shop took too long to answer.', 'de')).toBe('Das Auslesen ist fehlgeschlagen: Der Shop hat zu lange nicht geantwortet.');
    expect(translateError('Some text no catalogue has.', 'de')).toBe('Some text no catalogue has.');
    expect(translateError('Too many sign-in attempts. Some text no catalogue has.', 'de')).toBe('Too many sign-in attempts. Some text no catalogue has.');
  });
});
