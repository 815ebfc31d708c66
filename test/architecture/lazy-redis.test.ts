import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, it } from 'vitest';
import { SRC, resolveImport } from './source-tree.js';

// The Redis code (store, scripts, connection) is loaded by `import()` when a client
// first uses `rateLimit: { redis }`, so it is not part of what `import 'partner-commerce'` loads.
// The walk follows static edges only (`import … from`, `export … from`); `import()` is the way out.
const STATIC = /(?:^|\n)\s*(?:import|export)\s(?!type\s)[^'";]*?from\s+['"](\.{1,2}\/[^'"]+)['"]|(?:^|\n)\s*import\s+['"](\.{1,2}\/[^'"]+)['"]/g;

/** Every file reached from `entry` through static value imports (type-only imports vanish at build). */
function staticallyReached(entry: string): string[] {
  const seen = new Set<string>();
  const visit = (file: string): void => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const m of readFileSync(file, 'utf8').matchAll(STATIC)) visit(resolveImport(file, (m[1] ?? m[2]) as string));
  };
  visit(join(SRC, entry));
  return [...seen].map((f) => relative(SRC, f));
}

it('the root entry reaches well into the SDK (the walk works)', () => {
  const reached = staticallyReached('index.ts');
  expect(reached).toContain('client.ts');
  expect(reached).toContain('transport/rate-limit/rate-limiter.ts');
});

it("the root entry's static imports reach no Redis code", () => {
  expect(staticallyReached('index.ts').filter((f) => f.startsWith('redis/'))).toEqual([]);
});

it('the redis entry still reaches its own code (the walk sees redis/ when it is imported)', () => {
  expect(staticallyReached('redis/index.ts')).toContain('redis/dedupe-store.ts');
});
