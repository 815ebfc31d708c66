import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SRC, sourceFiles } from './source-tree.js';

// No reaching into dependency internals: code built on a dependency's private
// classes or fields breaks on its next patch release, silently. A use is kept only when a benchmark
// shows a gain a partner would notice; its allow-list entry then cites the figure in bench/README.md.
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

const INTERNALS: { what: string; pattern: RegExp }[] = [
  { what: 'a Proxy around a dependency object', pattern: /new Proxy\(/ },
  { what: "zod's $constructor class machinery", pattern: /\$constructor\(/ },
  { what: "a zod class's init called by hand", pattern: /\.init as unknown/ },
  { what: 'a Money made without its constructor', pattern: /Object\.create\(Money\.prototype\)/ },
  // decimal.js keeps a value in `s` (sign), `e` (exponent) and `d` (digit words): private fields.
  { what: "decimal.js's private fields written", pattern: /\b\w+\.[des]\s*=(?![=>])/ },
  // decimal.js pins `constructor` on each instance; an accessor defeating the pin relies on that.
  { what: "an accessor on Money's constructor", pattern: /defineProperty\(Money\.prototype,\s*'constructor'/ },
];

/** Kept uses: file (under src/), the pattern's `what`, and the bench/README.md text giving its figure. */
const ALLOWED: { file: string; what: string; figure: string }[] = [];

describe('dependency internals', () => {
  it('src reaches into no dependency internals', () => {
    const hits: string[] = [];
    for (const path of sourceFiles(SRC)) {
      const file = relative(SRC, path).split('\\').join('/');
      const text = readFileSync(path, 'utf8');
      for (const { what, pattern } of INTERNALS) {
        if (pattern.test(text) && !ALLOWED.some((a) => a.file === file && a.what === what)) hits.push(`${file}: ${what}`);
      }
    }
    expect(hits).toEqual([]);
  });

  it('every kept use cites a figure that bench/README.md records', () => {
    const readme = readFileSync(join(ROOT, 'bench/README.md'), 'utf8');
    for (const { figure } of ALLOWED) expect(readme).toContain(figure);
  });
});
