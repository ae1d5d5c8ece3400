import { describe, expect, it } from 'vitest';
import { serverTexts } from '../../src/i18n/texts';

// The server's texts (mails, errors) fill their placeholders as the web app does: French elides
// the word before a value that opens with a vowel, as the page writes "La liste d’Olive".
describe('server texts', () => {
  it('elide in French before a name that opens with a vowel or a mute h, and only then', () => {
    const t = serverTexts('fr');
    expect(t('mail.testMail.subject', { company: 'Atelier Olive' })).toBe('E-mail de test d’Atelier Olive');
    expect(t('mail.testMail.subject', { company: 'Hélène & Co' })).toBe('E-mail de test d’Hélène & Co');
    expect(t('mail.testMail.subject', { company: 'Wishwell' })).toBe('E-mail de test de Wishwell');
  });

  it('keep Italian "di" whole, as Italian writes it before a name', () => {
    expect(serverTexts('it')('mail.reset.subject', { company: 'Atelier' })).toBe('Reimposta la tua password di Atelier');
  });

  it('fill a value as plain text, never reading placeholders in it again', () => {
    expect(serverTexts('en')('mail.testMail.subject', { company: '{{company}} & <b>' })).toBe('Test mail from {{company}} & <b>');
  });
});
