/**
 * Work done once per test run instead of once per file or per child process, handed to the files with
 * vitest's provide (read through test/setup/provided.ts):
 *
 * - the CLI bundled with esbuild (a bundle per CLI file would cost ~1 s each);
 * - every child script of the crash and multi-process tests bundled (a child started with tsx
 *   transpiles the SDK again, ~1 s a start; a bundle starts in ~0.3 s);
 * - one PostgreSQL server, each file taking a database of its own (initdb and a start cost seconds
 *   per file, a database milliseconds); tests that restart a server still start their own;
 * - one PGlite data folder initialised per PGlite version, kept in node_modules/.cache, which the
 *   tests copy (PGlite's own initdb costs 4-10 s per folder or in-memory instance).
 */
import { createHash } from 'node:crypto';
import { appendFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import type { TestProject } from 'vitest/node';
import { BUNDLE_BANNER, bundleCli } from '../cli/cli-process.js';
import { postgresUnavailable, startOwnPostgres } from '../mirror/postgres-server.js';
import { TEMPLATE_CONF, TEMPLATE_DATA, TEMPLATE_DUMP } from '../mirror/pglite-template.js';
import '../setup/provided.js';

/** Child scripts spawned by the tests; peer-loading-process.ts stays on tsx, its point is what node resolves. */
const CHILD_FOLDERS = ['test/mirror', 'test/redis/fixtures'];
const isChildScript = (folder: string, name: string) => name.endsWith('.ts') && (folder === 'test/redis/fixtures' || (name.endsWith('-process.ts') && name !== 'peer-loading-process.ts'));

interface Prepared {
  cliBin: string;
  childBundles: Record<string, string>;
  postgresUrl: string;
  pgliteTemplate: string;
}

interface Run {
  prepared: Promise<{ values: Prepared; stop: () => Promise<void> }>;
  projects: number;
}

// vitest runs a global setup once per project (test/vitest.config.ts has two) and may load this module
// once for each: the run's one preparation is kept on the process, and the last project to finish
// tears it down.
const RUN = Symbol.for('partner-commerce.test-run');
const process_ = globalThis as { [RUN]?: Run };

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const run = (process_[RUN] ??= { prepared: prepare(), projects: 0 });
  run.projects++;
  const { values, stop } = await run.prepared;
  project.provide('cliBin', values.cliBin);
  project.provide('childBundles', values.childBundles);
  project.provide('postgresUrl', values.postgresUrl);
  project.provide('pgliteTemplate', values.pgliteTemplate);
  return async () => {
    if (--run.projects > 0) return;
    delete process_[RUN];
    await stop();
  };
}

async function prepare(): Promise<{ values: Prepared; stop: () => Promise<void> }> {
  const cache = resolve('node_modules/.cache');
  mkdirSync(cache, { recursive: true });
  // Under node_modules, so the bundles find the packages they leave external.
  const out = mkdtempSync(join(cache, 'pc-test-run-'));
  const stopPostgres: Array<() => Promise<void>> = [];
  const stop = async () => {
    for (const stopOne of stopPostgres) await stopOne();
    rmSync(out, { recursive: true, force: true });
  };
  try {
    const [cliBin, childBundles, postgresUrl, pgliteTemplate] = await Promise.all([
      bundleCli(join(out, 'partner-commerce.mjs')),
      bundleChildren(out),
      (async () => {
        if (postgresUnavailable() !== undefined) return '';
        // Two workers, each file with a pool or a few children on its own database.
        const server = await startOwnPostgres({ maxConnections: 300 });
        stopPostgres.push(() => server.stop());
        return server.url;
      })(),
      pgliteTemplateFolder(cache),
    ]);
    return { values: { cliBin, childBundles, postgresUrl, pgliteTemplate }, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

/** Each child script with the SDK source inside and every package outside, by repo-relative path. */
async function bundleChildren(out: string): Promise<Record<string, string>> {
  const scripts = CHILD_FOLDERS.flatMap((folder) =>
    readdirSync(folder)
      .filter((name) => isChildScript(folder, name))
      .map((name) => `${folder}/${name}`),
  );
  const outdir = join(out, 'children');
  await build({
    entryPoints: scripts,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outdir,
    outbase: '.',
    outExtension: { '.js': '.mjs' },
    packages: 'external',
    logLevel: 'error',
    banner: BUNDLE_BANNER,
  });
  return Object.fromEntries(scripts.map((script) => [script, join(outdir, script.replace(/\.ts$/, '.mjs'))]));
}

/**
 * `node_modules/.cache/pc-pglite-template-<version>-<conf>`: a data folder PGlite initialised and
 * closed, with TEMPLATE_CONF added to its postgresql.conf, and its dump for in-memory instances.
 * Built in a temp folder and renamed into place, so runs in other worktrees that build it at the same
 * moment never see half of one.
 */
async function pgliteTemplateFolder(cache: string): Promise<string> {
  const { version } = JSON.parse(readFileSync('node_modules/@electric-sql/pglite/package.json', 'utf8')) as { version: string };
  const conf = createHash('sha256').update(TEMPLATE_CONF).digest('hex').slice(0, 8);
  const target = join(cache, `pc-pglite-template-${version}-${conf}`);
  if (existsSync(join(target, TEMPLATE_DUMP))) return target;
  const building = mkdtempSync(join(cache, 'pc-pglite-building-'));
  try {
    const { PGlite } = await import('@electric-sql/pglite');
    const db = await PGlite.create(join(building, TEMPLATE_DATA));
    await db.close();
    appendFileSync(join(building, TEMPLATE_DATA, 'postgresql.conf'), `\n${TEMPLATE_CONF}\n`);
    // The dump is taken from a copy, so the folder itself stays as its close left it.
    cpSync(join(building, TEMPLATE_DATA), join(building, 'dump-source'), { recursive: true });
    const source = await PGlite.create(join(building, 'dump-source'));
    const dump = await source.dumpDataDir('none');
    await source.close();
    rmSync(join(building, 'dump-source'), { recursive: true, force: true });
    writeFileSync(join(building, TEMPLATE_DUMP), Buffer.from(await dump.arrayBuffer()));
    try {
      renameSync(building, target);
    } catch {
      // Another run put one there first: use it.
      rmSync(building, { recursive: true, force: true });
    }
    return target;
  } catch (err) {
    rmSync(building, { recursive: true, force: true });
    throw err;
  }
}
