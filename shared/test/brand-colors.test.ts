import { describe, expect, it } from 'vitest';
import { AA_TEXT, brandPalette, contrastRatio, DARK_TEXT, LIGHT_TEXT, parseHex, readablePair, readableTextOn, shadeForContrast } from '../src/brand-colors';

describe('contrast', () => {
  it('matches the WCAG figures for known pairs', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
  });

  it('reads short and long hex colours, and refuses other text', () => {
    expect(parseHex('#fff')).toEqual([255, 255, 255]);
    expect(parseHex('e84393')).toEqual([232, 67, 147]);
    expect(parseHex('pink')).toBeNull();
  });
});

describe('readableTextOn', () => {
  it('puts white on dark fills and dark text on light ones', () => {
    expect(readableTextOn('#363636')).toBe(LIGHT_TEXT);
    expect(readableTextOn('#1e5631')).toBe(LIGHT_TEXT);
    expect(readableTextOn('#f1c40f')).toBe(DARK_TEXT);
    // The default pink: white reaches only 3.7:1, the dark text 5:1.
    expect(readableTextOn('#e84393')).toBe(DARK_TEXT);
  });
});

describe('readablePair', () => {
  it('keeps fills that already read and reaches AA for every sample, mid-greys included', () => {
    expect(readablePair('#363636')).toEqual({ fill: '#363636', text: LIGHT_TEXT });
    expect(readablePair('#e84393')).toEqual({ fill: '#e84393', text: DARK_TEXT });
    for (const color of ['#363636', '#e84393', '#f1c40f', '#1e5631', '#0984e3', '#6c5ce7', '#fdcb6e', '#00b894', '#777777', '#808080', '#ff0000']) {
      const { fill, text } = readablePair(color);
      expect(contrastRatio(text, fill), color).toBeGreaterThanOrEqual(AA_TEXT);
    }
  });
});

describe('shadeForContrast', () => {
  it('keeps a colour that already reads, and darkens or lightens one that does not', () => {
    expect(shadeForContrast('#363636', '#f4f4f4')).toBe('#363636');
    const pinkText = shadeForContrast('#e84393', '#f4f4f4');
    expect(pinkText).not.toBe('#e84393');
    expect(contrastRatio(pinkText, '#f4f4f4')).toBeGreaterThanOrEqual(AA_TEXT);
    const onDark = shadeForContrast('#363636', '#1c2127');
    expect(contrastRatio(onDark, '#1c2127')).toBeGreaterThanOrEqual(AA_TEXT);
  });
});

describe('brandPalette', () => {
  it('gives readable pairs for every colour of a domain, in light and dark pages', () => {
    for (const page of ['#f4f4f4', '#1c2127']) {
      const palette = brandPalette('#f1c40f', '#e84393', page);
      expect(contrastRatio(palette.onPrimary, palette.primary)).toBeGreaterThanOrEqual(AA_TEXT);
      expect(contrastRatio(palette.onAccent, palette.accent)).toBeGreaterThanOrEqual(AA_TEXT);
      expect(contrastRatio(palette.accentOnPage, page)).toBeGreaterThanOrEqual(AA_TEXT);
      expect(contrastRatio(palette.primaryOnPage, page)).toBeGreaterThanOrEqual(AA_TEXT);
    }
  });
});
