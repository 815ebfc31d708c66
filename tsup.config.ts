import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { defineConfig, type Options } from 'tsup';
import type { Plugin } from 'esbuild';

const DISPOSABLE_LIB = '/// <reference lib="esnext.disposable" />';

/** The public entries: the built file's name and its source; `index` is the package itself, each other `partner-commerce/<name>` (`testing-msw` is `partner-commerce/testing/msw`). */
const SDK_ENTRIES: Record<string, string> = {
  index: 'src/index.ts',
  webhooks: 'src/webhooks/index.ts',
  testing: 'src/testing/index.ts',
  'testing-msw': 'src/testing/msw/index.ts',
  redis: 'src/redis/index.ts',
  mirror: 'src/mirror/index.ts',
  openapi: 'src/openapi/index.ts',
  mcp: 'src/mcp/index.ts',
};

/** The package name of each public entry, by its source file's absolute path. */
const PACKAGE_NAMES: Record<string, string> = Object.fromEntries(
  Object.entries(SDK_ENTRIES).map(([name, source]) => [resolve(source), name === 'index' ? 'partner-commerce' : `partner-commerce/${name.replace('-', '/')}`]),
);

/**
 * Writes `openapi.json` and `schemas/<name>.json` into `outDir` from the entry at `entry` (the built
 * dist/openapi.js at build time; a test passes the source): the static copies the package ships as
 * `partner-commerce/openapi.json` and `partner-commerce/schemas/*`, byte for byte what the functions
 * return, so a partner without Node reads the same document.
 */
export async function writeOpenApiFiles(entry: string, outDir: string): Promise<void> {
  const { openApiDocument, jsonSchemas } = (await import(pathToFileURL(entry).href)) as typeof import('./src/openapi/index.js');
  const files: [string, unknown][] = [['openapi.json', openApiDocument()], ...Object.entries(jsonSchemas()).map(([name, schema]) => [`schemas/${name}.json`, schema] as [string, unknown])];
  for (const [path, value] of files) {
    await mkdir(dirname(join(outDir, path)), { recursive: true });
    await writeFile(join(outDir, path), `${JSON.stringify(value, null, 2)}\n`);
  }
}

/**
 * The CLI imports the public entries by relative path (tsc, tsx and the tests' bundle read src/), but
 * its build must not carry a copy of them: each such import becomes the package's own name, which Node
 * resolves by self-reference to the entry chunks built above. So the CLI holds only its own code, and
 * an error class the CLI throws is the same class a partner's `instanceof` checks.
 */
const publicEntriesByName: Plugin = {
  name: 'public-entries-by-name',
  setup(build) {
    build.onResolve({ filter: /^\.\.?\/.*index\.js$/ }, (args) => {
      const name = PACKAGE_NAMES[resolve(args.resolveDir || dirname(args.importer), args.path.replace(/\.js$/, '.ts'))];
      return name === undefined ? undefined : { path: name, external: true };
    });
  },
};

const BUILDS: Options[] = [
  {
    entry: SDK_ENTRIES,
    format: ['esm', 'cjs'],
    // close() pairs with [Symbol.asyncDispose] on the client, limiter, stores, mirror and handler; the
    // declarations bring the lib that types it, so a consumer on lib ES2022 without @types/node compiles.
    dts: { banner: DISPOSABLE_LIB },
    sourcemap: true,
    // dist/ is emptied by `npm run build` before both builds run (they run at the same time).
    clean: false,
    target: 'node20',
    platform: 'neutral',
    // Shared chunks keep one copy of each error class per format, so instanceof holds across entries.
    splitting: true,
    treeshake: true,
    // Keep `node:` specifiers: Deno and workers only resolve built-ins with the prefix.
    removeNodeProtocol: false,
    external: [/^node:/],
  },
  {
    // The command line and its building blocks: Node only. commander is bundled in, so the
    // package gains no runtime dependency for partners who never run the CLI.
    entry: { cli: 'src/cli/index.ts', 'cli-bin': 'src/cli/bin.ts' },
    format: ['esm', 'cjs'],
    dts: { entry: { cli: 'src/cli/index.ts' }, banner: DISPOSABLE_LIB },
    sourcemap: true,
    clean: false,
    target: 'node20',
    platform: 'node',
    splitting: true,
    treeshake: true,
    removeNodeProtocol: false,
    noExternal: ['commander'],
    esbuildPlugins: [publicEntriesByName],
    // commander is CommonJS: its require() of Node built-ins needs a real require inside the ESM bundle.
    banner: ({ format }) => (format === 'esm' ? { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" } : {}),
  },
];

export default defineConfig((overrides) => {
  // Into the folder being built (a test builds into a scratch one with `outDir`), after the JS of both
  // formats is written: the OpenAPI document and the JSON Schemas as files.
  const outDir = resolve(overrides.outDir ?? 'dist');
  const [sdk, cli] = BUILDS as [Options, Options];
  return [{ ...sdk, onSuccess: () => writeOpenApiFiles(join(outDir, 'openapi.js'), outDir) }, cli];
});
