import { describe, expect, test } from 'vitest';
import { ACCOUNT_DISABLED_MESSAGE } from '../../src/http/access';
import { DISK_FULL_MESSAGE } from '../../src/http/body-reader';
import { CLAIM_NOT_FOUND } from '../../src/features/wishlists/claims';
import { ITEM_NOT_FOUND, LIST_NOT_FOUND } from '../../src/features/wishlists/access';
import { INVITATION_INVALID } from '../../src/features/wishlists/invitations';
import { INVALID_CREDENTIALS, LANGUAGE_UNKNOWN, PASSWORD_LOGIN_OFF, RESET_LINK_INVALID } from '../../src/features/users/service';
import { translateError } from '../../src/i18n/api-errors';

// The server catalogue matches error messages by their English text: when a service's text
// changes and the catalogue's does not, the translation silently stops. These keep them together.
const SERVICE_TEXTS = {
  ACCOUNT_DISABLED_MESSAGE,
  DISK_FULL_MESSAGE,
  CLAIM_NOT_FOUND,
  ITEM_NOT_FOUND,
  LIST_NOT_FOUND,
  INVITATION_INVALID,
  INVALID_CREDENTIALS,
  LANGUAGE_UNKNOWN,
  PASSWORD_LOGIN_OFF,
  RESET_LINK_INVALID,
};

describe('API error texts', () => {
  test.each(Object.entries(SERVICE_TEXTS))('%s has a translation in every language', (_, english) => {
    for (const language of ['de', 'fr', 'es'] as const) expect(translateError(english, language), language).not.toBe(english);
    expect(translateError(english, 'en')).toBe(english);
  });

  test('a varying part is carried over, and an unknown text stays English', () => {
    expect(translateError('These are not valid e-mail addresses: a@, b@', 'fr')).toBe('Ces adresses e-mail ne sont pas valides : a@, b@');
    expect(translateError('Only €20.00 is still needed, not €30.00.', 'de')).toBe('Es fehlen nur noch €20.00, nicht €30.00.');
    expect(translateError('Some text no catalogue has.', 'de')).toBe('Some text no catalogue has.');
  });
});
