import { describe, expect, it } from 'vitest';
import { classesIn, CriticalCss } from '../../src/site/critical-css';

// The CSS a server-rendered page inlines decides how its first paint looks before the full style
// sheets arrive: a rule the page needs must be in it, and rules for other pages must not bloat it.
const SHEET = `
@charset "UTF-8";
:root { --bp-gap: 4px; }
/* a comment { with braces } */
body { margin: 0; }
.bp6-button { padding: 4px;
  color: red; }
.bp6-button.bp6-intent-primary, .bp6-dialog .bp6-button { background: blue; }
.bp6-button:not(.bp6-disabled):hover { filter: brightness(0.9); }
.bp6-table-cell { width: 10px; }
@media (max-width: 600px) { .bp6-button { padding: 2px; } .bp6-table-cell { width: 5px; } }
@media print { .bp6-table-cell { display: none; } }
@keyframes pt-spin { from { transform: rotate(0); } to { transform: rotate(360deg); } }
`;

describe('critical CSS', () => {
  const css = CriticalCss.parse(SHEET);
  const page = classesIn('<div class="ww-page"><button class="bp6-button  bp6-intent-primary">Buy</button></div>');

  it('keeps the rules whose classes the page uses, plus global rules, at-rules and keyframes', () => {
    const critical = css.for(page);
    expect(critical).toContain(':root{--bp-gap: 4px;}');
    expect(critical).toContain('body{margin: 0;}');
    expect(critical).toContain('.bp6-button{padding: 4px;color: red;}');
    expect(critical).toContain('.bp6-button.bp6-intent-primary{background: blue;}');
    expect(critical).toContain('.bp6-button:not(.bp6-disabled):hover{');
    expect(critical).toContain('@media (max-width: 600px){.bp6-button{padding: 2px;}}');
    expect(critical).toContain('@keyframes pt-spin');
    expect(critical.startsWith('@charset "UTF-8";')).toBe(true);
  });

  it('drops rules for classes the page does not use, and groups left empty', () => {
    const critical = css.for(page);
    expect(critical).not.toContain('bp6-table-cell');
    expect(critical).not.toContain('.bp6-dialog');
    expect(critical).not.toContain('@media print');
    expect(critical).not.toContain('a comment');
  });
});

// A visitor who chose no scheme gets the dark theme's rules again under a dark system's media
// query, each copy right after its rule so a later light rule still wins where it did before.
describe('critical CSS following a dark system', () => {
  const DARK_SHEET = `
.bp6-dark { --bp-surface: black; }
.bp6-button { color: black; }
.bp6-dark .bp6-button, .bp6-button.bp6-dark { color: white; }
.bp6-dark .bp6-card { background: gray; }
.bp6-button.bp6-intent-primary { color: blue; }
@media (max-width: 600px) { .bp6-dark .bp6-button { padding: 2px; } }
`;
  const css = CriticalCss.parse(DARK_SHEET);
  const classes = classesIn('<button class="bp6-button bp6-intent-primary">Buy</button><div class="bp6-card"></div>');
  classes.add('bp6-dark');
  const standIn = { className: 'bp6-dark', media: '@media (prefers-color-scheme:dark)', selector: ':is(.auto body)' };

  it('copies each dark rule under the media query, with the stand-in selector, before the next light rule', () => {
    expect(css.for(classes, standIn)).toBe(
      '.bp6-dark{--bp-surface: black;}@media (prefers-color-scheme:dark){:is(.auto body){--bp-surface: black;}}' +
        '.bp6-button{color: black;}' +
        '.bp6-dark .bp6-button,.bp6-button.bp6-dark{color: white;}.bp6-dark .bp6-card{background: gray;}' +
        '@media (prefers-color-scheme:dark){:is(.auto body) .bp6-button,.bp6-button:is(.auto body){color: white;}:is(.auto body) .bp6-card{background: gray;}}' +
        '.bp6-button.bp6-intent-primary{color: blue;}' +
        '@media (max-width: 600px){.bp6-dark .bp6-button{padding: 2px;}@media (prefers-color-scheme:dark){:is(.auto body) .bp6-button{padding: 2px;}}}',
    );
  });

  it('copies nothing without a stand-in (a scheme was chosen)', () => {
    expect(css.for(classes)).not.toContain('prefers-color-scheme');
  });
});
