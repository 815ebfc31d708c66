import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

// What `npm install partner-commerce` gets is the tarball: the license, the docs, the examples and the
// agents' index must be in it, and every link of every packed Markdown file (and of llms.txt) must land
// on a packed file, with its heading. A link to this repository's own files on GitHub is refused: it
// shows whatever main holds, not the version installed; a file that stays in the repository is named
// without a link.
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  repository?: { type?: string; url?: string } | string;
  homepage?: string;
  bugs?: { url?: string } | string;
  license?: string;
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
  return new Set(
    prose(text)
      .split('\n')
      .filter((l) => /^#{1,6} /.test(l))
      .map((l) => slug(l.replace(/^#+ /, ''))),
  );
}

/** Inline links `[text](target)` of a Markdown text, outside code blocks. */
const links = (text: string): string[] => [...prose(text).matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!);

/** Why `target`, linked from packed file `from`, does not resolve for someone who installed the package; undefined when it does. */
function problem(from: string, target: string): string | undefined {
  const [path = '', anchor] = target.split('#') as [string, string | undefined];
  if (/^[a-z]+:/i.test(path)) {
    const ours = path.startsWith(`${repositoryUrl()}/blob/`) || path.startsWith(`${repositoryUrl()}/tree/`);
    return ours ? `${target}: a file of the repository on GitHub; ship it and link it relatively, or name it without a link` : undefined;
  }
  const file = path === '' ? from : normalize(join(dirname(from), path));
  if (!packed.has(file)) return `${target}: ${file} is not in the tarball`;
  if (anchor !== undefined && file.endsWith('.md') && !anchors(readFileSync(join(ROOT, file), 'utf8')).has(anchor)) return `${target}: no heading #${anchor} in ${file}`;
  return undefined;
}

describe('docs reachable from npm', () => {
  it('package.json names the repository, its home page and where to report bugs', () => {
    const repo = repositoryUrl();
    expect(pkg.homepage).toMatch(new RegExp(`^${repo.replace(/[.]/g, '\\.')}(#|$)`));
    expect(typeof pkg.bugs === 'string' ? pkg.bugs : pkg.bugs?.url).toBe(`${repo}/issues`);
  });

  it("every link of every packed Markdown file lands on a packed file, with its heading, and none on the repository's files on GitHub", () => {
    const markdown = [...packed].filter((f) => f.endsWith('.md'));
    expect(markdown).toContain('README.md');
    const problems = markdown.flatMap((from) =>
      links(readFileSync(join(ROOT, from), 'utf8'))
        .map((t) => problem(from, t))
        .filter((p) => p !== undefined)
        .map((p) => `${from}: ${p}`),
    );
    expect(problems).toEqual([]);
  });

  it('the tarball holds the LICENSE that package.json names, llms.txt, the CHANGELOG, every doc and every example', () => {
    const expected = [
      'LICENSE',
      'README.md',
      'CHANGELOG.md',
      'llms.txt',
      ...readdirSync(join(ROOT, 'docs'))
        .filter((f) => f.endsWith('.md'))
        .map((f) => `docs/${f}`),
      ...readdirSync(join(ROOT, 'examples'))
        .filter((f) => f.endsWith('.ts'))
        .map((f) => `examples/${f}`),
    ];
    expect(expected.filter((f) => !packed.has(f))).toEqual([]);
    expect(readFileSync(join(ROOT, 'LICENSE'), 'utf8').split('\n')[0]).toBe(`${pkg.license} License`);
  });

  it('every link of llms.txt lands on a packed file, with its heading', () => {
    const targets = links(readFileSync(join(ROOT, 'llms.txt'), 'utf8'));
    expect(targets.length).toBeGreaterThan(10);
    expect(targets.map((t) => problem('llms.txt', t)).filter((p) => p !== undefined)).toEqual([]);
  });
});
