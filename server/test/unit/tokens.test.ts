import { describe, expect, it } from 'vitest';
import { createTokenSigner } from '../../src/auth/tokens';

describe('session tokens', () => {
  it('verifies its own tokens, again from memory, and refuses a tampered or foreign one', async () => {
    const signer = createTokenSigner('secret-one');
    const token = await signer.sign({ sub: 'user-1', ver: 3 });
    expect(await signer.verify(token)).toEqual({ sub: 'user-1', ver: 3 });
    expect(await signer.verify(token)).toEqual({ sub: 'user-1', ver: 3 });
    const [header, , signature] = token.split('.');
    const forgedPayload = Buffer.from(JSON.stringify({ sub: 'admin', ver: 3, exp: 9999999999 })).toString('base64url');
    expect(await signer.verify(`${header}.${forgedPayload}.${signature}`)).toBeNull();
    expect(await createTokenSigner('another-secret').verify(token)).toBeNull();
    expect(await signer.verify('not-a-token')).toBeNull();
  });
});
