import { describe, expect, it } from 'vitest';
import { helpAddress } from '../src/domain';

describe('helpAddress', () => {
  it('is help@ a real domain, and none for names that reach nobody', () => {
    expect(helpAddress('wishes.example.com')).toBe('help@wishes.example.com');
    for (const host of ['localhost', 'box', '127.0.0.1', '[::1]', 'app.localhost']) expect(helpAddress(host)).toBeNull();
  });
});
