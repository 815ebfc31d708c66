// Kept as a test because no lint rule can say it: it asks Node's resolver and each dependency's
// package.json how require() would load what the SDK imports; a lint rule reads only our own source.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// `engines` admits Node 20.0, which cannot require() an ES module (that came in 20.19). The CJS build
// leaves every runtime dependency external, so each one the SDK loads must itself be loadable by
// require(): otherwise `require('partner-commerce')` throws ERR_REQUIRE_ESM there.
// .ci/runtimes runs the real thing on Node 20.0.0; this catches it before a build.
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
const requireFromRoot = createRequire(join(ROOT, 'package.json'));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sourceFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []));
}

const packageOf = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/** Every runtime dependency the source loads by value (type-only imports vanish from the build), with each subpath it uses. */
function loadedSpecifiers(): string[] {
  const deps = new Set(Object.keys(pkg.dependencies ?? {}));
  const found = new Set<string>(deps);
  const valueImport = /^\s*(?:import|export)\s+(?!type\b)[^'";]*?from\s+['"]([^'".][^'"]*)['"]|import\(\s*['"]([^'".][^'"]*)['"]\s*\)/gm;
  for (const file of sourceFiles(join(ROOT, 'src'))) {
    for (const m of readFileSync(file, 'utf8').matchAll(valueImport)) {
      const specifier = m[1] ?? m[2]!;
      if (deps.has(packageOf(specifier))) found.add(specifier);
    }
  }
  return [...found].sort();
}

/** The nearest package.json's "type" above a resolved file. */
function packageType(file: string): string | undefined {
  for (let dir = dirname(file); dir !== dirname(dir); dir = dirname(dir)) {
    try {
      const json = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { type?: string };
      // Nested package.json files without a name (`{"type":"module"}` markers) count too.
      return json.type;
    } catch {
      continue;
    }
  }
  return undefined;
}

/** Why `specifier` cannot be require()d on Node 20.0, or `undefined` when it can. */
function whyNotRequirable(specifier: string): string | undefined {
  let file: string;
  try {
    file = requireFromRoot.resolve(specifier);
  } catch (err) {
    return `has no require condition (${(err as Error).message.split('\n')[0]})`;
  }
  if (file.endsWith('.mjs')) return `resolves to ES module ${file}`;
  if (file.endsWith('.js') && packageType(file) === 'module') return `resolves to ${file}, in a "type": "module" package`;
  return undefined;
}

describe('runtime dependencies', () => {
  it('every runtime dependency can be require()d on the oldest Node engines admits', () => {
    const specifiers = loadedSpecifiers();
    expect(specifiers).toContain('decimal.js');
    expect(specifiers).toContain('zod/mini');
    const refused = specifiers.map((s) => [s, whyNotRequirable(s)] as const).filter(([, why]) => why !== undefined);
    expect(refused).toEqual([]);
  });
});
