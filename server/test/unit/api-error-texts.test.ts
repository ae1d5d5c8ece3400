import { describe, expect, test } from 'vitest';
import { LANGUAGES, type Language } from '@wishwell/shared/languages';
import { API_TOKEN_INVALID_MESSAGE, API_TOKEN_NOT_ADMIN_MESSAGE, API_TOKEN_READ_ONLY_MESSAGE, API_TOKEN_SESSION_ONLY_MESSAGE, ACCOUNT_DISABLED_MESSAGE } from '../../src/http/access';
import { IMAGE_TOO_LARGE_MESSAGE } from '../../src/http/body-limits';
import { DISK_FULL_MESSAGE } from '../../src/http/body-reader';
import { RateLimiter } from '../../src/limits/rate-limit';
import { translateError } from '../../src/i18n/api-errors';
import { VALUE_NOT_FLAG, VALUE_NOT_NUMBER, VALUE_NOT_TEXT, VALUE_NOT_TIMESTAMP, VALUE_REQUIRED, valueNotWholeNumber } from '../../src/features/backup/row-checks';

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
  VALUE_NOT_FLAG,
  VALUE_NOT_NUMBER,
  VALUE_NOT_TEXT,
  VALUE_NOT_TIMESTAMP,
  VALUE_REQUIRED,
  VALUE_NOT_WHOLE_NUMBER: valueNotWholeNumber(-2147483648, 2147483647),
};

const OTHER_LANGUAGES = (Object.keys(LANGUAGES) as Language[]).filter((language) => language !== 'en');

describe('API error texts', () => {
  test.each(Object.entries(SERVICE_TEXTS))('%s has a translation in every language', (_, english) => {
    for (const language of OTHER_LANGUAGES) expect(translateError(english, language), language).not.toBe(english);
    expect(translateError(english, 'en')).toBe(english);
  });

  test('a rate limit names its wait in the language too', async () => {
    const limiter = new RateLimiter({ limit: 1, windowMs: 15 * 60_000, text: 'tooManySignIns' });
    await limiter.hit('someone');
    const refusal = await limiter.hit('someone').then(
      () => undefined,
      (error: Error) => error.message,
    );
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
    expect(translateError("The backup's items table has a bad value at line 3, column url: The product address must be a web address starting with http:// or https://.", 'fr')).toBe(
      'La table items de la sauvegarde a une valeur invalide à la ligne 3, colonne url : L’adresse du produit doit être une adresse web commençant par http:// ou https://.',
    );
    expect(translateError("The backup's items table has a bad value at line 1, column quantity: It must be a whole number from -2147483648 to 2147483647.", 'de')).toBe(
      'Die Tabelle items der Sicherung hat in Zeile 1, Spalte quantity einen ungültigen Wert: Er muss eine ganze Zahl von -2147483648 bis 2147483647 sein.',
    );
    expect(translateError('Some text no catalogue has.', 'de')).toBe('Some text no catalogue has.');
    expect(translateError('Too many sign-in attempts. Some text no catalogue has.', 'de')).toBe('Too many sign-in attempts. Some text no catalogue has.');
  });
});
