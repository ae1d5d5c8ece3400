import { describe, expect, it } from 'vitest';
import { linksInText } from '../src/links-in-text';

describe('linksInText', () => {
  it('finds each link once, in order, without the punctuation that ends a sentence', () => {
    const text = 'See https://shop.example.com/a. And (https://shop.example.com/b), then https://shop.example.com/a again!\nhttps://en.wikipedia.org/wiki/Kite_(toy)';
    expect(linksInText(text).map((link) => link.url)).toEqual([
      'https://shop.example.com/a',
      'https://shop.example.com/b',
      'https://en.wikipedia.org/wiki/Kite_(toy)',
    ]);
  });

  it("takes a line's other words as the link's label, without bullets and colons", () => {
    const [first, second] = linksInText('- Lego castle: https://toys.example.com/castle\nhttps://toys.example.com/ball');
    expect(first).toEqual({ url: 'https://toys.example.com/castle', line: 1, label: 'Lego castle' });
    expect(second).toEqual({ url: 'https://toys.example.com/ball', line: 2, label: '' });
  });

  it('ignores what only looks like a link', () => {
    expect(linksInText('ftp://files.example.com/x mailto:a@b.example http://nodot/ https:// plain text')).toEqual([]);
  });
});
