import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

// The README sends readers to docs/*.md (the order item, uploads, the testing kit): an
// installed package carries them, so a reader offline or on npm's page finds what the README names.
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
let packed: Set<string>;

beforeAll(() => {
  const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  packed = new Set((JSON.parse(out) as { files: { path: string }[] }[])[0]!.files.map((f) => f.path));
}, 60_000);

describe('the docs in the tarball', () => {
  it('ships every docs/*.md, and the README links only docs that ship', () => {
    const docs = readdirSync(join(ROOT, 'docs'))
      .filter((f) => f.endsWith('.md'))
      .map((f) => `docs/${f}`);
    expect(docs.filter((f) => !packed.has(f))).toEqual([]);
    const linked = [...readFileSync(join(ROOT, 'README.md'), 'utf8').matchAll(/(docs\/[\w-]+\.md)/g)].map((m) => m[1]!);
    expect(linked.length).toBeGreaterThan(0);
    expect([...new Set(linked)].filter((f) => !packed.has(f))).toEqual([]);
  });

  it('leaves out the docs build config (docs/typedoc.json), which is not documentation', () => {
    expect(packed.has('docs/typedoc.json')).toBe(false);
  });
});
