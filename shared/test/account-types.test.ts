import { describe, expect, it } from 'vitest';
import { looksLikeEmail, normalizeEmail } from '../src/account-types';

describe('e-mail addresses', () => {
  it('are trimmed and lower-cased', () => {
    expect(normalizeEmail('  Ann.Smith@Example.COM ')).toBe('ann.smith@example.com');
  });

  it('need one @ and a dot in the domain, without spaces', () => {
    expect(looksLikeEmail('ann@example.com')).toBe(true);
    for (const bad of ['ann', 'ann@example', 'ann @example.com', '@example.com', 'ann@@example.com']) expect(looksLikeEmail(bad)).toBe(false);
  });
});
