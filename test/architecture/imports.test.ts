// Kept as a test because no lint rule can say it: import-x/no-cycle skips type-only imports, and a type
// circle between two files is still a circle for a reader. Everything else about imports is in
// eslint.config.js: the layers of src/ (no circle between folders, type imports included), the kit's
// and the CLI's allowed imports, internal/ at the bottom, and import-x/no-cycle for value imports.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SRC, resolveImport, sourceFiles } from './source-tree.js';

// Reads the import statements of every file under src/, type-only imports included.
const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^'";]*?from\s+['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

const graph = new Map<string, string[]>();
for (const file of sourceFiles(SRC)) {
  const imports = [...readFileSync(file, 'utf8').matchAll(IMPORT)].map((m) => resolveImport(file, (m[1] ?? m[2]) as string));
  graph.set(
    relative(SRC, file),
    imports.map((f) => relative(SRC, f)),
  );
}

function cycles(edges: Map<string, Iterable<string>>): string[][] {
  const found: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string): void => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of edges.get(node) ?? []) {
      if (state.get(next) === 'open') found.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of edges.keys()) if (!state.has(node)) visit(node);
  return found;
}

describe('imports run downward', () => {
  it('reads the source tree', () => {
    expect(graph.size).toBeGreaterThan(100);
    expect(graph.get('index.ts')?.length).toBeGreaterThan(5);
  });

  it('has no circle between files, type-only imports included', () => {
    expect(cycles(graph).map((c) => c.join(' -> '))).toEqual([]);
  });

  it('the check sees a circle (it is not vacuous)', () => {
    expect(
      cycles(
        new Map([
          ['a.ts', ['b.ts']],
          ['b.ts', ['a.ts']],
        ]),
      ),
    ).toEqual([['a.ts', 'b.ts', 'a.ts']]);
  });
});
