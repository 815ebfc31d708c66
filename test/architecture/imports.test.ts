import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SRC, resolveImport, sourceFiles } from './source-tree.js';

// Reads the import statements of every file under src/ (type-only imports included: a type
// circle is still a circle for a reader) and checks that they only run downward.
const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^'";]*?from\s+['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

const graph = new Map<string, string[]>();
for (const file of sourceFiles(SRC)) {
  const imports = [...readFileSync(file, 'utf8').matchAll(IMPORT)].map((m) => resolveImport(file, (m[1] ?? m[2]) as string));
  graph.set(relative(SRC, file), imports.map((f) => relative(SRC, f)));
}

/** The folder right under src/ that holds `file`; a file at the top is its own room. */
const room = (file: string): string => (file.includes('/') ? (file.split('/')[0] as string) : file);

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

  it('has no circle between files', () => {
    expect(cycles(graph).map((c) => c.join(' -> '))).toEqual([]);
  });

  it('has no circle between folders (a folder is a room; no arrow runs back up)', () => {
    const rooms = new Map<string, Set<string>>();
    for (const [file, imports] of graph) {
      for (const target of imports) {
        if (room(file) === room(target)) continue;
        const out = rooms.get(room(file)) ?? new Set<string>();
        out.add(room(target));
        rooms.set(room(file), out);
      }
    }
    expect(cycles(rooms).map((c) => c.join(' -> '))).toEqual([]);
  });

  it('keeps internal/ at the bottom: it imports nothing outside itself', () => {
    const upward = [...graph].flatMap(([file, imports]) => (file.startsWith('internal/') ? imports.filter((t) => !t.startsWith('internal/')).map((t) => `${file} -> ${t}`) : []));
    expect(upward).toEqual([]);
  });

  it('keeps the testing kit out of the SDK: only the command line (which serves it) imports it', () => {
    const intoKit = [...graph].flatMap(([file, imports]) => (file.startsWith('testing/') || file.startsWith('cli/') ? [] : imports.filter((t) => t.startsWith('testing/')).map((t) => `${file} -> ${t}`)));
    expect(intoKit).toEqual([]);
  });

  // The kit is a second reading of the spec: were it to import the SDK's models, money codec, upload
  // checks or webhook schemas, a misreading there would be reproduced on both sides and every end-to-end
  // test would still pass. It may use only shared helpers that say nothing about the API's records.
  const KIT_MAY_USE = [
    'errors/', // the one error family (PartnerCommerceError) both sides throw
    'internal/canonical-json.ts', // key order, which says nothing about the API's records (idempotency fingerprints)
  ] as const;
  const SDK_DOMAIN = ['models/', 'money/', 'resources/', 'webhooks/'] as const;

  it('keeps the SDK out of the testing kit: it imports only itself and the shared helpers named here', () => {
    const outward = [...graph].flatMap(([file, imports]) =>
      file.startsWith('testing/') ? imports.filter((t) => !t.startsWith('testing/') && !KIT_MAY_USE.some((allowed) => t.startsWith(allowed))).map((t) => `${file} -> ${t}`) : [],
    );
    expect(outward).toEqual([]);
  });

  it('the kit sorts JSON keys through the one canonical JSON, not a copy of its own', () => {
    const copies = [...graph.keys()].filter((file) => file.startsWith('testing/') && /Object\.keys\([^)]*\)\s*\.sort\(\)/.test(readFileSync(join(SRC, file), 'utf8')));
    expect(copies).toEqual([]);
  });

  it('keeps the SDK domain out of the testing kit even through the shared helpers it may use', () => {
    const reached = new Set<string>();
    const visit = (file: string): void => {
      for (const target of graph.get(file) ?? []) {
        if (reached.has(target)) continue;
        reached.add(target);
        visit(target);
      }
    };
    for (const file of graph.keys()) if (file.startsWith('testing/')) visit(file);
    expect([...reached].filter((file) => SDK_DOMAIN.some((domain) => file.startsWith(domain))).sort()).toEqual([]);
  });

  // The command line is a partner of the package like any other: were it to reach into the kit's or
  // the SDK's inner files, a name could leave the public entries and the CLI would still build, and
  // the published CLI would need its own copy of the SDK. errors/ is the one family every layer shares.
  // internal/loopback-host.ts: the one Host check both the sandbox and the mirror's feed guard with, so
  // a fix to it reaches both; it says nothing about the API and is no public name. internal/duration.ts:
  // the one grammar of a duration ('30d'), read by the mirror's retention option and the CLI's flags alike.
  // internal/env.ts: the one reading of an environment variable and the one token -> environment rule.
  const CLI_MAY_USE = ['index.ts', 'testing/index.ts', 'webhooks/index.ts', 'mirror/index.ts', 'redis/index.ts', 'openapi/index.ts', 'mcp/index.ts', 'internal/loopback-host.ts', 'internal/duration.ts', 'internal/env.ts'] as const;

  it('the command line imports only the package\'s public entries and itself', () => {
    const inward = [...graph].flatMap(([file, imports]) =>
      file.startsWith('cli/') ? imports.filter((t) => !t.startsWith('cli/') && !t.startsWith('errors/') && !(CLI_MAY_USE as readonly string[]).includes(t)).map((t) => `${file} -> ${t}`) : [],
    );
    expect(inward).toEqual([]);
  });

  it('keeps the command line on top: nothing imports cli/', () => {
    const intoCli = [...graph].flatMap(([file, imports]) => (file.startsWith('cli/') ? [] : imports.filter((t) => t.startsWith('cli/')).map((t) => `${file} -> ${t}`)));
    expect(intoCli).toEqual([]);
  });
});
