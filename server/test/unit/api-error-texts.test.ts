import { describe, expect, test } from 'vitest';
import { LANGUAGES, type Language } from '@wishwell/shared/languages';
import { LANGUAGE_FILES } from '@wishwell/locales';
import { DomainError, invalid, part, text, type ErrorKey } from '../../src/domain/errors';
import { RateLimiter } from '../../src/limits/rate-limit';

const OTHER_LANGUAGES = (Object.keys(LANGUAGES) as Language[]).filter((language) => language !== 'en');
const ERROR_KEYS = Object.keys(LANGUAGE_FILES.en.server.errors) as ErrorKey[];

describe('API error texts', () => {
  test.each(OTHER_LANGUAGES)('every error text of the server has a translation in %s', (language) => {
    const missing = ERROR_KEYS.filter((key) => !(key in LANGUAGE_FILES[language].server.errors));
    expect(missing).toEqual([]);
  });

  test('a rate limit names its wait in the language too', async () => {
    const limiter = new RateLimiter({ limit: 1, windowMs: 15 * 60_000, text: 'tooManySignIns' });
    await limiter.hit('someone');
    const refusal = await limiter.hit('someone').then(
      () => undefined,
      (error: unknown) => error as DomainError,
    );
    expect(refusal?.message).toBe('Too many sign-in attempts. Please try again in 15 minutes.');
    expect(refusal?.in('de')).toBe('Zu viele Anmeldeversuche. Bitte versuch es in 15 Minuten noch einmal.');
    const uploads = new DomainError('too-many', [text('tooManyUploads'), text('tryAgainInOneMinute')]);
    expect(uploads.in('es')).toBe('Has subido demasiadas imágenes. Inténtalo de nuevo dentro de 1 minuto.');
  });

  test('a varying part is carried over, and translated when it is a field name or a text of its own', () => {
    expect(invalid('invalidEmailAddresses', { addresses: 'a@, b@' }).in('fr')).toBe('Ces adresses e-mail ne sont pas valides\u00a0: a@, b@');
    expect(invalid('stillNeeded', { stillNeeded: '€20.00', amount: '€30.00' }).in('de')).toBe('Es fehlen nur noch €20.00, nicht €30.00.');
    expect(invalid('atMostCharacters', { what: part('description'), max: 5000 }).in('fr')).toBe('La description\u00a0: 5000 caractères au maximum.');
    expect(invalid('operationUnderWay', { operation: part('restore') }).in('es')).toBe('Ya hay una restauración en curso: inténtalo de nuevo cuando haya terminado.');
    expect(invalid('scrapeFailed', { reason: text('shopTooSlow') }).in('de')).toBe('Das Auslesen ist fehlgeschlagen: Der Shop hat zu lange nicht geantwortet.');
    const productAddress = text('webAddress', { what: part('productAddress') });
    expect(invalid('backupBadValue', { table: 'items', line: 3, column: 'url', detail: productAddress }).in('fr')).toBe(
      'La table items de la sauvegarde a une valeur invalide à la ligne 3, colonne url\u00a0: L’adresse du produit doit être une adresse web commençant par http:// ou https://.',
    );
    const wholeNumber = text('backupValueWholeNumber', { min: -2147483648, max: 2147483647 });
    expect(invalid('backupBadValue', { table: 'items', line: 1, column: 'quantity', detail: wholeNumber }).in('de')).toBe(
      'Die Tabelle items der Sicherung hat in Zeile 1, Spalte quantity einen ungültigen Wert: Er muss eine ganze Zahl von -2147483648 bis 2147483647 sein.',
    );
  });
});
