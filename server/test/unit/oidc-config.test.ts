import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';

// What an operator gets from the OIDC_* settings and OIDC_PROVIDERS_FILE: the settings they meant, or a start-up error naming the mistake.
const dir = mkdtempSync(join(tmpdir(), 'wishwell-oidc-config-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const providersFile = (content: string) => {
  const file = join(dir, `providers-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, content);
  return file;
};
const BASE = { OIDC_ISSUER: 'https://auth.example.com', OIDC_CLIENT_ID: 'wishwell', OIDC_ADMIN_GROUP: 'admins', OIDC_SCOPES: 'openid email profile groups' };

describe('OpenID Connect settings', () => {
  it('are off without OIDC_ISSUER, and password sign-in cannot be turned off then', () => {
    expect(loadConfig([], {}).oidc).toBeNull();
    expect(() => loadConfig([], { PASSWORD_LOGIN: 'false' })).toThrow('PASSWORD_LOGIN=false needs OIDC_ISSUER');
    expect(() => loadConfig([], { PASSWORD_LOGIN: 'nope', ...BASE })).toThrow('PASSWORD_LOGIN must be true or false, got "nope"');
  });

  it('name a missing client id or a wrong issuer', () => {
    expect(() => loadConfig([], { OIDC_ISSUER: 'https://auth.example.com' })).toThrow('OIDC_ISSUER needs OIDC_CLIENT_ID');
    expect(() => loadConfig([], { ...BASE, OIDC_ISSUER: 'auth.example.com' })).toThrow(`OIDC_ISSUER must be the provider's http(s) URL`);
  });

  it('read a provider per hostname; left-out fields take the OIDC_* setting, empty ones the default, never the other client', () => {
    const file = providersFile(JSON.stringify({ 'Family.Example.com': { issuer: 'https://id.family.example', clientId: 'fam', buttonLabel: 'Family ID', adminGroup: '' } }));
    const config = loadConfig([], { ...BASE, OIDC_CLIENT_SECRET: 'the default client secret', OIDC_PROVIDERS_FILE: file });
    expect(config.oidcByHostname.get('family.example.com')).toEqual({
      issuer: 'https://id.family.example',
      clientId: 'fam',
      clientSecret: null,
      buttonLabel: 'Family ID',
      scopes: 'openid email profile groups',
      autoRegister: true,
      adminGroup: null,
      groupsClaim: 'groups',
    });
    expect(config.oidc).toMatchObject({ clientSecret: 'the default client secret', adminGroup: 'admins', buttonLabel: 'OpenID Connect' });
  });

  it('refuse a providers file that is not what it should be', () => {
    expect(() => loadConfig([], { OIDC_PROVIDERS_FILE: providersFile('{ not json') })).toThrow(/OIDC_PROVIDERS_FILE .* cannot be read as JSON/);
    expect(() => loadConfig([], { OIDC_PROVIDERS_FILE: providersFile('[]') })).toThrow('must hold an object of hostnames');
    expect(() => loadConfig([], { OIDC_PROVIDERS_FILE: providersFile('{"a.example": {"clientId": "x"}}') })).toThrow('OIDC_PROVIDERS_FILE (a.example): "issuer" is missing');
    expect(() => loadConfig([], { OIDC_PROVIDERS_FILE: providersFile('{"a.example": {"issuer": "https://x.example"}}') })).toThrow('OIDC_PROVIDERS_FILE (a.example): OIDC_ISSUER needs OIDC_CLIENT_ID');
  });
});
