/**
 * Bundle size of each entry as a partner's bundler ships it: `dist/<entry>.js` (the ESM build, so run
 * `npm run build` first) bundled by esbuild with its dependencies, minified, ESM, platform browser
 * (the edge/worker case; `node:` built-ins are left to the runtime), then gzip -9. Each entry is checked
 * against its budget in bench/size-budgets.json; over budget exits 1.
 *
 * Also checked here, also exit 1 when they fail:
 * - src/ imports zod only as `import * as z from 'zod/mini'` (classic `zod` installs every method on
 *   every schema, so a bundle keeps all of them; `z.locales` or `z.core` through the namespace keep
 *   every locale), `zod/v4/core` as a namespace too (or type-only), and English messages as
 *   `import { en } from 'zod/v4/locales'`;
 * - no bundle carries classic zod, nor a zod locale other than English (the same rules, seen in the output);
 * - an entry's `external` packages (optional peers such as `redis`) are left out of its bundle;
 * - the webhooks entry carries no HTTP client (ky, p-retry, bottleneck) and no `node:` import;
 * - the main entry's up-front load carries none of the OpenTelemetry tracing code (it is loaded with
 *   `import()` on the first call of a client with `telemetry` on), nor the Redis budget code (loaded
 *   with `import()` on the first call of a client with `rateLimit: { redis }`).
 *
 * The budget is checked against the whole entry, lazily loaded code included. The "up front" column is
 * what a bundler that splits at `import()` (esbuild, rollup, webpack, Vite) loads when the entry is
 * imported: the entry's chunk and what it imports statically, gzip -9 per chunk, summed.
 *
 * Run: npx tsx bench/size.ts   (results: bench/README.md, "Size")
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type BuildOptions, type Metafile } from 'esbuild';
import { cliBytes, cliCopyProblems } from './cli-copy.js';

const root = fileURLToPath(new URL('..', import.meta.url));

interface Budget {
  name: string;
  file: string;
  maxGzipKB: number;
  /** Packages left out of the bundle: optional peers the partner brings (`redis`), not ours to weigh. */
  external?: string[];
}
const budgets = (JSON.parse(readFileSync(join(root, 'bench/size-budgets.json'), 'utf8')) as { entries: Budget[] }).entries;

const kb = (bytes: number) => (bytes / 1000).toFixed(1);
const problems: string[] = [];

/** Which package (or our own dist/) each byte of the minified output came from. */
function byPackage(meta: Metafile): Map<string, number> {
  const sizes = new Map<string, number>();
  for (const output of Object.values(meta.outputs)) {
    for (const [path, { bytesInOutput }] of Object.entries(output.inputs)) {
      const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(path)?.[1] ?? OWN;
      if (bytesInOutput > 0) sizes.set(pkg, (sizes.get(pkg) ?? 0) + bytesInOutput);
    }
  }
  return new Map([...sizes].sort((a, b) => b[1] - a[1]));
}
const OWN = 'own code';

/** The settings both measures bundle with, so the up-front figure is a part of the whole one. */
function buildSettings(external: string[]) {
  return {
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    external: ['node:*', ...external] as string[],
    write: false,
    metafile: true,
    logLevel: 'silent',
  } as const satisfies BuildOptions;
}

async function bundle(file: string, external: string[] = []) {
  const result = await build({ ...buildSettings(external), entryPoints: [join(root, file)] });
  const output = result.outputFiles.find((f) => f.path.endsWith('.js')) ?? result.outputFiles[0];
  if (!output) throw new Error('esbuild produced no output');
  return { raw: output.contents.byteLength, gzip: gzipSync(output.contents, { level: 9 }).byteLength, meta: result.metafile };
}

/**
 * What loads when the entry is imported, when the bundler splits at `import()`: gzip of the entry's
 * chunk plus the chunks it imports statically; `text` is their code, to check what is (not) in it.
 */
async function upFront(file: string, external: string[] = []) {
  const result = await build({ ...buildSettings(external), absWorkingDir: root, entryPoints: [file], splitting: true, outdir: 'size-split' });
  // Metafile paths are relative to absWorkingDir; output files' paths are absolute.
  const outputs = result.metafile.outputs;
  const entry = Object.keys(outputs).find((path) => outputs[path]?.entryPoint === file);
  if (!entry) throw new Error(`esbuild gave no output for ${file}`);
  const loaded = new Set<string>();
  const visit = (path: string) => {
    if (loaded.has(path)) return;
    loaded.add(path);
    for (const i of outputs[path]?.imports ?? []) if (i.kind === 'import-statement' && !i.external) visit(i.path);
  };
  visit(entry);
  const files = result.outputFiles.filter((f) => loaded.has(relative(root, f.path)));
  if (files.length !== loaded.size) throw new Error(`size: matched ${files.length} of the ${loaded.size} chunks ${file} loads up front`);
  return { gzip: files.reduce((n, f) => n + gzipSync(f.contents, { level: 9 }).byteLength, 0), text: files.map((f) => f.text).join('\n') };
}

/**
 * Locale files of zod that made it into the output (English is zod's default and always there). The
 * folder's index.js is not a locale: where esbuild wraps modules for a lazy `import()` (the Redis
 * budget store), it keeps a 21-byte init of the index that only calls English's.
 */
function zodLocales(meta: Metafile): string[] {
  return Object.values(meta.outputs).flatMap((o) =>
    Object.entries(o.inputs)
      .filter(([path, { bytesInOutput }]) => bytesInOutput > 0 && /zod\/v4\/locales\/(?!en\.js|index\.js)[^/]+\.js$/.test(path))
      .map(([path]) => path),
  );
}

/** What src/ may import from each zod module; anything else from zod is refused. */
const ZOD_IMPORT_RULES: Record<string, (clause: string) => boolean> = {
  'zod/mini': (clause) => /^\*\s+as\s+\w+$/.test(clause) || /^type\s/.test(clause),
  'zod/v4/core': (clause) => /^\*\s+as\s+\w+$/.test(clause) || /^type\s/.test(clause),
  'zod/v4/locales': (clause) => /^\{\s*en\s*\}$/.test(clause),
};

/** `import`/`export … from 'zod…'` statements in src/ that {@link ZOD_IMPORT_RULES} does not allow. */
function badZodImports(): string[] {
  const found: string[] = [];
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? walk(path) : /\.[cm]?tsx?$/.test(name) ? [path] : [];
    });
  const statement = /^\s*(import|export)\s+([^;'"]*?)\s*from\s*['"](zod(?:\/[^'"]*)?)['"]/gms;
  for (const file of walk(join(root, 'src'))) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(statement)) {
      const [, kind, clause = '', from = ''] = m;
      if (kind === 'import' && ZOD_IMPORT_RULES[from]?.(clause.trim().replace(/\s+/g, ' '))) continue;
      const line = text.slice(0, m.index).split('\n').length;
      found.push(`${relative(root, file)}:${line}: ${kind} ${clause.replace(/\s+/g, ' ')} from '${from}'`);
    }
    for (const m of text.matchAll(/import\(\s*['"]zod(?:\/[^'"]*)?['"]\s*\)/g)) {
      found.push(`${relative(root, file)}:${text.slice(0, m.index).split('\n').length}: dynamic ${m[0]}`);
    }
  }
  return found;
}

// Every JavaScript entry package.json exports has its budget, so a new one cannot ship unweighed; the
// CLI's and the testing kit's are left out on purpose (they run in a terminal or a test suite, never
// in a partner's bundle).
const exported = Object.entries((JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { exports: Record<string, unknown> }).exports).flatMap(([key, target]) =>
  typeof target === 'object' && target !== null && !['./cli', './testing', './testing/msw'].includes(key) ? [(target as { import: { default: string } }).import.default.replace(/^\.\//, '')] : [],
);
for (const file of exported) if (!budgets.some((b) => b.file === file)) problems.push(`${file}: an entry of package.json's exports without a budget in bench/size-budgets.json`);

const rows: string[] = [];
const breakdowns: string[] = [];
for (const budget of budgets) {
  const external = budget.external ?? [];
  const { raw, gzip, meta } = await bundle(budget.file, external);
  const ok = gzip <= budget.maxGzipKB * 1000;
  if (!ok) problems.push(`${budget.name}: ${kb(gzip)} kB gzip is over its budget of ${budget.maxGzipKB} kB`);
  const first = await upFront(budget.file, external);
  rows.push(`| \`${budget.name}\` | ${kb(raw)} kB | **${kb(gzip)} kB** | ${kb(first.gzip)} kB | ${budget.maxGzipKB} kB | ${ok ? 'met' : `**over by ${kb(gzip - budget.maxGzipKB * 1000)} kB**`} |`);
  // An attribute name only the tracing code (src/telemetry/names.ts, through call-tracing.ts) carries.
  if (budget.file === 'dist/index.js' && first.text.includes('partner_commerce.retry.reason')) {
    problems.push(`${budget.name}: the OpenTelemetry tracing code is loaded up front; it must be loaded with import() only when \`telemetry\` is on (src/telemetry/client-telemetry.ts)`);
  }

  // The Redis key prefix, only in src/redis/budget-store.ts: the Redis code is loaded with import() by a
  // client with `rateLimit: { redis }` at its first call, so a program that never names Redis never loads it.
  if (budget.file === 'dist/index.js' && first.text.includes('partner-commerce:rate:')) {
    problems.push(`${budget.name}: the Redis budget code is loaded up front; it must be loaded with import() only when \`rateLimit.redis\` is used (src/client.ts)`);
  }

  // What each package costs: minified bytes it puts in the output, and the gzip saved by leaving it out.
  const packages = byPackage(meta);
  const parts: string[] = [];
  for (const [pkg, bytes] of packages) {
    const without = pkg === OWN ? await bundle(budget.file, [...external, ...[...packages.keys()].filter((p) => p !== OWN)]) : await bundle(budget.file, [...external, pkg]);
    const gzipShare = pkg === OWN ? without.gzip : gzip - without.gzip;
    parts.push(`${pkg} ${kb(bytes)} kB minified / ~${kb(gzipShare)} kB gzip`);
  }
  breakdowns.push(`- \`${budget.name}\`: ${parts.join('; ')}`);

  const locales = zodLocales(meta);
  if (locales.length) problems.push(`${budget.name}: the bundle carries ${locales.length} zod locales (e.g. ${locales[0]}): \`z.locales\` or classic zod somewhere`);
  const classic = Object.keys(meta.inputs).filter((p) => /node_modules\/zod\/v4\/classic\//.test(p));
  if (classic.length) problems.push(`${budget.name}: the bundle carries classic zod (${classic[0]}): import zod/mini instead`);
  if (budget.file === 'dist/webhooks.js') {
    const inputs = Object.keys(meta.inputs);
    const http = inputs.filter((p) => /node_modules\/(ky|p-retry|bottleneck|is-network-error)\//.test(p));
    const nodeImports = Object.values(meta.outputs).flatMap((o) => o.imports.filter((i) => i.path.startsWith('node:')).map((i) => i.path));
    if (http.length) problems.push(`${budget.name} pulls in the HTTP client: ${http.slice(0, 3).join(', ')}`);
    if (nodeImports.length) problems.push(`${budget.name} imports ${[...new Set(nodeImports)].join(', ')}`);
  }
}

// The CLI reaches the SDK through the package's entries, not a copy of its own.
problems.push(...cliCopyProblems(join(root, 'dist')));
const cli = cliBytes(join(root, 'dist'));
breakdowns.push(`- \`cli\` (not budgeted): its own code and commander, ${kb(cli.esm)} kB ESM / ${kb(cli.cjs)} kB CJS unminified; the SDK comes from the entries above`);

const bad = badZodImports();
if (bad.length) problems.push(`zod imported other than \`import * as z from 'zod/mini'\` (or zod/v4/core, or \`{ en }\` from zod/v4/locales):\n    ${bad.join('\n    ')}`);

console.log('| entry | minified | gzip -9 | up front (gzip) | budget | |');
console.log('|---|---|---|---|---|---|');
for (const row of rows) console.log(row);
console.log("\nPer package (gzip share: the entry's gzip minus its gzip with that package left out; own code: the entry with every dependency left out):");
for (const line of breakdowns) console.log(line);
console.log(`\nzod imports in src/: ${bad.length ? `${bad.length} not allowed` : "all `import * as z from 'zod/mini'`, type-only, or English messages"}`);
if (problems.length) {
  console.error(`\nsize check FAILED:\n- ${problems.join('\n- ')}`);
  process.exit(1);
}
console.log('size check passed');
