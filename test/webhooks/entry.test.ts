/**
 * The `partner-commerce/webhooks` entry must not load the HTTP client, ky, bottleneck or p-retry, so an
 * edge function that only receives webhooks stays small. Checked on built output: the real tsup config,
 * built into a scratch folder (without declarations, to stay quick), then the import graph of the entry
 * followed file by file, with the source maps telling which source files each chunk holds.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'tsup';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Inside node_modules so the built files resolve zod and decimal.js like a partner's install would.
const OUT = resolve('node_modules/.cache/partner-commerce-entry-test', String(process.pid));
const FORBIDDEN_PACKAGES = ['ky', 'bottleneck', 'p-retry'];
const CLIENT_SOURCES = /(^|\/)src\/(transport|resources|pagination)\/|(^|\/)src\/(client|index)\.ts$/;

interface Graph {
  files: string[];
  packages: Set<string>;
  sources: string[];
}

/** Follows the relative imports (ESM) or requires (CJS) of `entry`, collecting bare specifiers and sources. */
function graphOf(entry: string): Graph {
  const files: string[] = [];
  const packages = new Set<string>();
  const sources: string[] = [];
  const pending = [join(OUT, entry)];
  const specifiers = /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)["']([^"']+)["']/g;
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (files.includes(file)) continue;
    files.push(file);
    const code = readFileSync(file, 'utf8');
    for (const [, spec] of code.matchAll(specifiers)) {
      if (spec!.startsWith('.')) pending.push(resolve(dirname(file), spec!));
      else packages.add(spec!);
    }
    if (existsSync(`${file}.map`)) sources.push(...(JSON.parse(readFileSync(`${file}.map`, 'utf8')) as { sources: string[] }).sources);
  }
  return { files, packages, sources };
}

beforeAll(async () => {
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  await build({ outDir: OUT, dts: false, silent: true });
}, 60_000);

afterAll(() => rmSync(OUT, { recursive: true, force: true }));

describe('the built partner-commerce/webhooks entry', () => {
  it.each(['webhooks.js', 'webhooks.cjs'])('%s imports only zod/mini (and its English messages) and decimal.js, and no node: built-in', (entry) => {
    const { packages, files } = graphOf(entry);
    expect(files.length).toBeGreaterThan(0);
    // Classic `zod` would bring every method of every schema into a bundle (see bench/README.md, Size).
    // @opentelemetry/api is the optional peer behind the `telemetry` option: only ever a dynamic import().
    expect([...packages].sort()).toEqual(['@opentelemetry/api', 'decimal.js', 'zod/mini', 'zod/v4/locales']);
    for (const name of FORBIDDEN_PACKAGES) expect(packages.has(name)).toBe(false);
    const otelUses = files.flatMap((f) => [...readFileSync(f, 'utf8').matchAll(/.{0,8}["']@opentelemetry\/api["']/g)].map((m) => m[0]));
    expect(otelUses.length).toBeGreaterThan(0);
    for (const use of otelUses) expect(use).toMatch(/import\(\s*["']@opentelemetry\/api["']$/);
  });

  it.each(['webhooks.js', 'webhooks.cjs'])('%s holds no client, transport, resource or pagination code', (entry) => {
    const { sources } = graphOf(entry);
    expect(sources.some((s) => s.includes('src/webhooks/handler.ts'))).toBe(true);
    expect(sources.filter((s) => CLIENT_SOURCES.test(s))).toEqual([]);
  });

  it('is checked with a graph walk that does see the client in the main entry', () => {
    const { packages, sources } = graphOf('index.js');
    // The main entry's own runtime packages: decimal.js (and zod), nothing for HTTP or retries.
    expect(packages.has('decimal.js')).toBe(true);
    expect(sources.some((s) => CLIENT_SOURCES.test(s))).toBe(true);
  });

  it('loads on its own and parses a notice, with errors recognised by the source build', async () => {
    const built = (await import(pathToFileURL(join(OUT, 'webhooks.js')).href)) as typeof import('../../src/webhooks/index.js');
    const source = await import('../../src/webhooks/index.js');
    expect(() => built.parseWebhook('nope')).toThrow(source.WebhookParseError);
    expect(typeof built.createWebhookHandler).toBe('function');
  });
});

describe('importing the built entries', () => {
  // Building every schema at import was most of the import cost (bench/README.md, "Import cost").
  const HOOK = resolve('test/helpers/count-zod-schemas.mjs');
  const constructedBy = (code: string): number[] =>
    execFileSync(process.execPath, ['--import', pathToFileURL(HOOK).href, '--input-type=module', '-e', code], { cwd: OUT, encoding: 'utf8' })
      .trim()
      .split(' ')
      .map(Number);

  it.each(['index.js', 'webhooks.js', 'testing.js'])('%s builds no zod schema until one is used', (entry) => {
    const [atImport] = constructedBy(`await import('./${entry}'); process.stdout.write(String(globalThis.__zodConstructed ?? 0));`);
    expect(atImport).toBe(0);
  });

  it('counts the schemas a first parse builds (so the zero above is measured, not assumed)', () => {
    const notice = JSON.stringify({
      id: 'evt_1',
      evento: 'teste.ping',
      criadoEm: '2026-11-21T10:00:00-03:00',
      ambiente: 'producao',
      integracao: { id: 'int_1', nome: 'Loja' },
      dados: { mensagem: 'oi' },
    });
    const [atImport, afterParse] = constructedBy(
      `const m = await import('./webhooks.js'); const a = globalThis.__zodConstructed ?? 0; m.parseWebhook(${JSON.stringify(notice)}); process.stdout.write(a + ' ' + (globalThis.__zodConstructed ?? 0));`,
    );
    expect(atImport).toBe(0);
    expect(afterParse).toBeGreaterThan(5);
  });
});
