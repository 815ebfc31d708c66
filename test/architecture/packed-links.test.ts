import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

// Docs reachable from npm (issue 20, item 16): what `npm install partner-commerce` gets is the
// tarball, so every link of every packed Markdown file must land on a packed file, or on a file of the
// repository the package names (which must exist in this repository), and no path a reader is told
// about may be left unlinked when it is not in the tarball.
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  repository?: { type?: string; url?: string } | string;
  homepage?: string;
  bugs?: { url?: string } | string;
};
let packed: Set<string>;

beforeAll(() => {
  // --ignore-scripts: the list of files only; nothing is built or written.
  const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  packed = new Set((JSON.parse(out) as { files: { path: string }[] }[])[0]!.files.map((f) => f.path));
}, 60_000);

/** https://github.com/<owner>/<name>, from package.json's repository. */
function repositoryUrl(): string {
  const url = typeof pkg.repository === 'string' ? pkg.repository : pkg.repository?.url;
  const m = /^(?:git\+)?(https:\/\/github\.com\/[\w.-]+\/[\w.-]+?)(?:\.git)?$/.exec(url ?? '');
  if (!m) throw new Error(`package.json repository.url is not a GitHub URL: ${String(url)}`);
  return m[1]!;
}

/** Markdown without its fenced code blocks (a link there is code, not a link). */
const prose = (text: string): string => text.replace(/^```[\s\S]*?^```/gm, '');

/** GitHub's anchor of a heading. */
const slug = (heading: string): string =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

function anchors(text: string): Set<string> {
  return new Set(prose(text).split('\n').filter((l) => /^#{1,6} /.test(l)).map((l) => slug(l.replace(/^#+ /, ''))));
}

/** Inline links `[text](target)` of a Markdown text, outside code blocks. */
const links = (text: string): string[] => [...prose(text).matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!);

/** Paths of the repository mentioned in the prose and not made links. */
const bareMentions = (text: string): string[] =>
  [...prose(text).replace(/\[[^\]]*\]\([^)]*\)/g, '').matchAll(/(?<![\w/.-])(?:docs|examples|bench|test|src|\.ci)\/[\w./-]*\.\w+/g)].map((m) => m[0]);

/** Why `target`, linked from packed file `from`, does not resolve for someone who installed the package; undefined when it does. */
function problem(from: string, target: string): string | undefined {
  const [path = '', anchor] = target.split('#') as [string, string | undefined];
  const base = `${repositoryUrl()}/blob/main/`;
  let file: string;
  let text: () => string;
  if (/^[a-z]+:/i.test(path)) {
    if (!path.startsWith(`${repositoryUrl()}/`)) return undefined;
    if (!path.startsWith(base) && !path.startsWith(`${repositoryUrl()}/tree/main/`)) return `${target}: not a file of ${repositoryUrl()} on main`;
    file = path.slice(base.length);
    if (!existsSync(join(ROOT, file))) return `${target}: ${file} is not in this repository`;
    text = () => readFileSync(join(ROOT, file), 'utf8');
  } else {
    file = path === '' ? from : normalize(join(dirname(from), path));
    if (!packed.has(file)) return `${target}: ${file} is not in the tarball`;
    text = () => readFileSync(join(ROOT, file), 'utf8');
  }
  if (anchor !== undefined && file.endsWith('.md') && !anchors(text()).has(anchor)) return `${target}: no heading #${anchor} in ${file}`;
  return undefined;
}

describe('docs reachable from npm', () => {
  it('package.json names the repository, its home page and where to report bugs', () => {
    const repo = repositoryUrl();
    expect(pkg.homepage).toMatch(new RegExp(`^${repo.replace(/[.]/g, '\\.')}(#|$)`));
    expect(typeof pkg.bugs === 'string' ? pkg.bugs : pkg.bugs?.url).toBe(`${repo}/issues`);
  });

  it('every link of every packed Markdown file lands on a packed file, or on a file of the repository that exists, with its heading', () => {
    const markdown = [...packed].filter((f) => f.endsWith('.md'));
    expect(markdown).toContain('README.md');
    const problems = markdown.flatMap((from) => links(readFileSync(join(ROOT, from), 'utf8')).map((t) => problem(from, t)).filter((p) => p !== undefined).map((p) => `${from}: ${p}`));
    expect(problems).toEqual([]);
  });

  it('the README tells about no path outside the tarball without linking it (the CHANGELOG is history: it names files as they were)', () => {
    const unlinked = bareMentions(readFileSync(join(ROOT, 'README.md'), 'utf8')).filter((p) => !packed.has(p));
    expect(unlinked).toEqual([]);
  });
});
