import { describe, expect, it } from 'vitest';
import { decideUrl, isTrustedUrl } from '../src/trusted-url';

const SERVER = 'https://wishes.example.com';

describe('isTrustedUrl', () => {
  it('trusts pages of the configured server only', () => {
    expect(isTrustedUrl('https://wishes.example.com/admin', SERVER)).toBe(true);
    expect(isTrustedUrl('https://wishes.example.com/admin/scrape-logs?domain=a.com#x', SERVER)).toBe(true);
    expect(isTrustedUrl('https://WISHES.example.com:443/login', SERVER)).toBe(true);
  });

  it('refuses look-alike hosts, other ports, other schemes and embedded credentials', () => {
    for (const url of [
      'http://wishes.example.com/admin',
      'https://wishes.example.com:8443/admin',
      'https://wishes.example.com.evil.test/admin',
      'https://evil.test/?https://wishes.example.com',
      'https://evilwishes.example.com/',
      'https://user:pw@wishes.example.com/admin',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'data:text/html,<h1>hi</h1>',
      'wishwell://admin',
      'not a url',
      '',
    ]) {
      expect(isTrustedUrl(url, SERVER), url).toBe(false);
    }
  });

  it('trusts nothing before a server is configured', () => {
    expect(isTrustedUrl('https://wishes.example.com/admin', '')).toBe(false);
    expect(isTrustedUrl('file:///app/setup.html', 'null')).toBe(false);
  });
});

describe('decideUrl', () => {
  it('keeps our pages, sends other web pages to the browser and drops other schemes', () => {
    expect(decideUrl('https://wishes.example.com/admin/users', SERVER)).toBe('allow');
    expect(decideUrl('https://shop.example.org/p/1', SERVER)).toBe('open-externally');
    expect(decideUrl('http://wishes.example.com/admin', SERVER)).toBe('open-externally');
    expect(decideUrl('file:///C:/Windows/system32/calc.exe', SERVER)).toBe('drop');
    expect(decideUrl('javascript:alert(document.cookie)', SERVER)).toBe('drop');
    expect(decideUrl('smb://attacker/share', SERVER)).toBe('drop');
    expect(decideUrl('https://attacker@shop.example.org/', SERVER)).toBe('drop');
  });
});
