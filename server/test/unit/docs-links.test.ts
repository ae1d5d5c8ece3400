// The docs stay true to each other: every relative link in README.md and docs/ leads to a file that
// exists, and every #anchor to a heading of its page.
import { describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const ROOT = join(import.meta.dirname, '..', '..', '..');

/** The text outside fenced code blocks, line by line (a `#` line in a shell block is no heading). */
function proseLines(markdown: string): string[] {
  let fenced = false;
  return markdown.split('\n').filter((line) => {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    else return !fenced;
    return false;
  });
}

/** GitHub's anchors for a page's headings: lower case, punctuation dropped, spaces as dashes, repeats numbered. */
export function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  for (const line of proseLines(markdown)) {
    const heading = line.match(/^#{1,6}\s+(.*?)\s*#*\s*$/)?.[1];
    if (heading === undefined) continue;
    const base = heading.toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');
    let anchor = base;
    for (let n = 1; anchors.has(anchor); n++) anchor = `${base}-${n}`;
    anchors.add(anchor);
  }
  return anchors;
}

/** The targets of the page's inline links and images, outside code. */
function linkTargets(markdown: string): string[] {
  const prose = proseLines(markdown).join('\n').replace(/`[^`\n]*`/g, '');
  return [...prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((match) => match[1]!);
}

/** What is wrong with each relative link of `file` (a path from the repository's root), or nothing. */
export function brokenLinks(file: string, read: (path: string) => string | null = readRepoFile): string[] {
  const markdown = read(file) ?? '';
  const problems: string[] = [];
  for (const target of linkTargets(markdown)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:: not ours to check
    const [path = '', anchor] = target.split('#');
    const linked = path === '' ? file : relative(ROOT, resolve(ROOT, dirname(file), decodeURIComponent(path)));
    const page = path === '' ? markdown : read(linked);
    if (page === null) problems.push(`${file}: ${target} (no such file)`);
    else if (anchor !== undefined && linked.endsWith('.md') && !headingAnchors(page).has(anchor)) {
      problems.push(`${file}: ${target} (no heading with that anchor)`);
    }
  }
  return problems;
}

/** A file's text, '' for a folder, null when there is nothing at that path. */
function readRepoFile(path: string): string | null {
  const full = join(ROOT, path);
  if (!existsSync(full)) return null;
  return path.endsWith('.md') ? readFileSync(full, 'utf8') : '';
}

function markdownFiles(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return markdownFiles(path);
    return entry.name.endsWith('.md') ? [path] : [];
  });
}

describe('the link check', () => {
  const pages: Record<string, string> = {
    'docs/a.md': '# Page A\n\n## Behind a proxy (TLS)\n\n```sh\n# not a heading\n```\n',
    'docs/b.md': [
      '[ok](a.md#behind-a-proxy-tls) [self](#links-here) [web](https://example.com/x#y) `[code](gone.md)`',
      '[gone](missing.md) [bad anchor](a.md#not-a-heading) [no anchor here](#nowhere)',
      '## Links here',
    ].join('\n'),
  };
  const read = (path: string) => pages[path] ?? null;

  it('reports a missing file and an anchor no heading has, and passes the rest', () => {
    expect(brokenLinks('docs/b.md', read)).toEqual([
      'docs/b.md: missing.md (no such file)',
      'docs/b.md: a.md#not-a-heading (no heading with that anchor)',
      'docs/b.md: #nowhere (no heading with that anchor)',
    ]);
  });

  it('numbers repeated headings as GitHub does', () => {
    expect([...headingAnchors('## Notes\n\n## Notes\n\n## `wishwell routes`, again')]).toEqual(['notes', 'notes-1', 'wishwell-routes-again']);
  });
});

describe('README.md and docs/', () => {
  const files = ['README.md', ...markdownFiles('docs')];

  it('are all checked', () => {
    expect(files).toContain('docs/operating/security.md');
  });

  it.each(files)('%s links only to files and headings that exist', (file) => {
    expect(brokenLinks(file)).toEqual([]);
  });
});
