import { describe, expect, it } from 'vitest';
import { blueprintSubset, producedClasses } from '../blueprint-css';

// The site ships Blueprint's sheet cut to the classes its scripts can produce: a rule left out is a
// component drawn unstyled, so each way a script makes a class name must keep that class's rules.
const SHEET = `@charset "UTF-8";
:root { --bp-gap: 4px; }
@font-face { font-family: x; src: url(x.woff2); }
@keyframes pt-spin { to { transform: rotate(360deg); } }
body { margin: 0; }
.bp6-button { padding: 4px; }
.bp6-popover-arrow { width: 8px; }
.bp6-popover-arrow-fill { fill: white; }
.bp6-popover-arrow-enter-active { opacity: 1; }
.bp6-button.bp6-intent-primary { background: blue; }
.bp6-button:not(.bp6-disabled) { cursor: pointer; }
.bp6-button[class*=bp6-icon-] { gap: 2px; }
.bp6-slider, .bp6-button.bp6-active { color: red; }
.bp6-tree-node { display: block; }
.bp6-file-input-button-text { color: gray; }
.bp6-text-muted { color: gray; }
.bp6-icon-people::before { content: "a"; }
.bp6-icon-airplane::before { content: "b"; }
.bp6-dark { --bp-surface: black; }
.bp6-dark .bp6-button { color: white; }
.bp6-dark .bp6-tree-node { color: white; }
@media (max-width: 600px) { .bp6-button { padding: 2px; } .bp6-tree-node { width: 5px; } }
@media print { .bp6-tree-node { display: none; } }
`;

// Minified chunks as Bun writes them: the namespace's variable, names derived from it (one left
// unused: the tree's module is bundled, never drawn), a prefix completed with a value, a chunk
// importing names under other ones (one completed by concatenation, as a popover's arrow does),
// and a literal class in the app's code; a transition's stage classes (react-transition-group
// joins them to a produced name at run time).
const MAIN = [
  'var mt="bp6",ab=`${mt}-button`,oe=`${mt}-popover`,Ji=`${oe}-arrow`,un=`${mt}-tree-node`,ac=`${mt}-active`,fi=`${mt}-file-input`;',
  'function ne(f){return`${mt}-intent-${f.toLowerCase()}`}function ic(f){return`${mt}-icon-${f}`}',
  'const P={people:[1]};function B(p){return cx(ab,Ji,{[ac]:p.active},ne(p.intent))}',
  'export{ab,oe,fi,ne,Ji};',
].join('\n');
const CHUNK = [
  'import{ab as q,fi as r,Ji as a}from"./main-abc.js";',
  'function C(){return cx(q,"bp6-text-muted",{[`${r}-button-text`]:1})}function A(){return e("path",{className:a+"-fill"})}export{C as default};',
].join('');
const produced = producedClasses([{ name: 'main-abc.js', text: MAIN }, { name: 'chunk-1.js', text: CHUNK }], ['.ww-x .bp6-dark {}']);
const cut = blueprintSubset(SHEET, produced);

describe("Blueprint's sheet cut to the classes the scripts produce", () => {
  it('collects names through derived variables and imports, prefixes, and written-out classes', () => {
    for (const name of ['bp6-active', 'bp6-button', 'bp6-dark', 'bp6-file-input-button-text', 'bp6-popover-arrow', 'bp6-popover-arrow-fill', 'bp6-text-muted']) {
      expect(produced.names).toContain(name);
    }
    for (const name of ['bp6-popover', 'bp6-file-input', 'bp6-tree-node']) expect(produced.names).not.toContain(name);
    expect(produced.prefixes.sort()).toEqual(['bp6-icon-', 'bp6-intent-']);
  });

  it('keeps the rules of produced names and prefixes, and those without Blueprint classes', () => {
    for (const rule of [
      '@charset "UTF-8";',
      ':root{--bp-gap: 4px;}',
      '@font-face { font-family: x; src: url(x.woff2); }',
      '@keyframes pt-spin',
      'body{margin: 0;}',
      '.bp6-button{padding: 4px;}',
      '.bp6-popover-arrow{width: 8px;}',
      '.bp6-popover-arrow-fill{fill: white;}',
      '.bp6-popover-arrow-enter-active{opacity: 1;}',
      '.bp6-button.bp6-intent-primary{background: blue;}',
      '.bp6-button:not(.bp6-disabled){cursor: pointer;}',
      '.bp6-button[class*=bp6-icon-]{gap: 2px;}',
      '.bp6-file-input-button-text{color: gray;}',
      '.bp6-text-muted{color: gray;}',
      '.bp6-icon-people::before{content: "a";}',
    ]) {
      expect(cut).toContain(rule);
    }
    expect(cut.startsWith('@charset')).toBe(true);
  });

  it('drops the rules of classes no script produces, keeping the produced selectors of a list', () => {
    expect(cut).toContain('.bp6-button.bp6-active{color: red;}');
    expect(cut).not.toContain('bp6-slider');
    expect(cut).not.toContain('bp6-tree-node');
    // An icon class is kept for the icons the scripts name, not for every icon Blueprint has.
    expect(cut).not.toContain('bp6-icon-airplane');
  });

  it("keeps the dark theme's rules of produced classes", () => {
    expect(cut).toContain('.bp6-dark{--bp-surface: black;}');
    expect(cut).toContain('.bp6-dark .bp6-button{color: white;}');
  });

  it('filters inside @media groups and drops the groups left empty', () => {
    expect(cut).toContain('@media (max-width: 600px){.bp6-button{padding: 2px;}}');
    expect(cut).not.toContain('@media print');
  });
});
