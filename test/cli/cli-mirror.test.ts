import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type LocalSandbox } from '../../src/cli/index.js';
import { createPgliteStore, createPostgresStore, createSqliteStore, type MirrorStore } from '../../src/mirror/index.js';
import { pgliteFolder } from '../mirror/pglite-template.js';
import { sqliteUnavailable } from '../mirror/sqlite-available.js';
import { postgresUnavailable, startPostgres, type PostgresServer } from '../mirror/postgres-server.js';
import { buildCli, startBin } from './cli-process.js';
import { runInProcess } from './cli-in-process.js';

// `partner-commerce mirror` against the local sandbox (startSandbox, in this process,
// so the test can count the fake's requests and change its catalog): a backfill of 8 pages at 3
// calls a second, Ctrl-C mid-backfill (the bin, as a subprocess), a second run (in process) that resumes, and the store equal to the catalog.
// The follow and Postgres cases need no pages or budget of their own: a one-page sandbox serves them.
const TOKEN = 'svc_sbx_cli_mirror_0123';
const PAGES = 8;
let bin: string;
let sandbox: LocalSandbox;
let onePage: LocalSandbox;
let env: Record<string, string>;
let onePageEnv: Record<string, string>;

beforeAll(async () => {
  bin = await buildCli();
  sandbox = await startSandbox({ catalogSize: PAGES * 100, rateLimit: { perMinute: 3, windowMs: 1_000 }, journalDir: mkdtempSync(join(tmpdir(), 'pc-mirror-journal-')) });
  onePage = await startSandbox({ catalogSize: 100, rateLimit: false, journalDir: mkdtempSync(join(tmpdir(), 'pc-mirror-journal-')) });
  env = { PARTNER_COMMERCE_TOKEN: TOKEN, PARTNER_COMMERCE_BASE_URL: sandbox.url };
  onePageEnv = { PARTNER_COMMERCE_TOKEN: TOKEN, PARTNER_COMMERCE_BASE_URL: onePage.url };
}, 60_000);

afterAll(async () => {
  await sandbox?.close();
  await onePage?.close();
});

/** The list calls the fake has received so far: [path with query]. */
const listCalls = () => sandbox.fake.requests.filter((r) => r.method === 'GET' && /^\/v1\/produtos(\?|$)/.test(r.path)).map((r) => r.path);

interface Line {
  type: string;
  pages?: number;
  resumed?: boolean;
  kind?: string;
  during?: string;
  rateLimit?: { limit: number | null; remaining: number | null };
}
const parse = (stdout: string): Line[] =>
  stdout
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Line);

/** The store holds exactly the sandbox's catalog: every product, each field as the fake has it. */
async function expectEqualToCatalog(store: MirrorStore, of: LocalSandbox): Promise<void> {
  await store.open();
  try {
    const pick = ({ sku, titulo, precoAtacado, precoSugerido, ativo, atualizadoEm, numeracoes }: ReturnType<typeof of.fake.catalog.products>[number]) => ({
      sku,
      titulo,
      precoAtacado,
      precoSugerido,
      ativo,
      atualizadoEm,
      numeracoes,
    });
    const catalog = of.fake.catalog
      .products()
      .map(pick)
      .sort((a, b) => (a.sku < b.sku ? -1 : 1));
    // One read of every row (in sku order), not one query per product.
    const stored = (await store.produtos(null, catalog.length + 1)).map((row) => pick(row.produto as unknown as Parameters<typeof pick>[0]));
    expect(stored).toEqual(catalog);
  } finally {
    await store.close();
  }
}

describe('partner-commerce mirror', () => {
  it('Ctrl-C mid-backfill exits 130 keeping the checkpoint; the next run resumes after it and the mirror equals the catalog', async () => {
    // From the run's initialised PGlite folder (PGlite's own initdb costs 5-10 s); a folder created from
    // nothing is default-store.test.ts's case.
    const dir = pgliteFolder(join(mkdtempSync(join(tmpdir(), 'pc-cli-mirror-')), 'espelho'));
    const before = listCalls().length;
    const first = startBin(bin, ['mirror', '--dir', dir, '--json', '--once'], env);
    await first.waitFor((l) => l.includes('"page"') && (JSON.parse(l) as Line).pages! >= 3);
    first.child.kill('SIGINT');
    expect(await first.exited).toBe(130);
    const lines = first.lines.map((l) => JSON.parse(l) as Line);
    const stoppedAt = lines.at(-1)!;
    expect(stoppedAt).toMatchObject({ type: 'stopped', during: 'backfill' });
    expect(stoppedAt.pages).toBeGreaterThanOrEqual(3);
    expect(stoppedAt.pages).toBeLessThan(PAGES);
    const page = lines.find((l) => l.type === 'page')!;
    expect(page.rateLimit).toMatchObject({ limit: 3 });
    expect(page.rateLimit!.remaining).toEqual(expect.any(Number));

    // The supplier changes the catalog meanwhile, pages already stored included.
    await sandbox.fake.catalog.changeAtRandom(60, { seed: 13 });
    const pages = Math.ceil(sandbox.fake.catalog.skus().length / 100);
    const resumedFrom = listCalls().length;
    expect(resumedFrom - before).toBeGreaterThanOrEqual(stoppedAt.pages!);

    const second = await runInProcess(['mirror', '--dir', dir, '--json', '--once'], env);
    expect(second.stderr).toBe('');
    expect(second.code).toBe(0);
    const out = parse(second.stdout);
    expect(out[0]).toMatchObject({ type: 'start', backfillDone: false, resumeAt: stoppedAt.pages });
    expect(out.find((l) => l.type === 'page')!.pages).toBe(stoppedAt.pages! + 1);
    expect(out.find((l) => l.type === 'backfill')).toMatchObject({ resumed: true, pages: pages });
    expect(out.at(-1)).toMatchObject({ type: 'follow', kind: 'follow' });
    // Not from zero: every list call of the resumed scan carries a cursor (the follow's, atualizadoDesde).
    const calls = listCalls().slice(resumedFrom);
    const scan = calls.filter((p) => !p.includes('atualizadoDesde'));
    expect(scan.every((p) => p.includes('cursor='))).toBe(true);
    // One distinct page per page left (a 429 answered and retried repeats its path).
    expect(new Set(scan).size).toBe(pages - stoppedAt.pages!);
    await expectEqualToCatalog(createPgliteStore({ dataDir: dir }), sandbox);

    // A third run only follows: one list call (the overlap margin re-lists recent changes), nothing applied.
    const third = await runInProcess(['mirror', '--dir', dir, '--once'], env);
    expect(third.code).toBe(0);
    expect(third.stderr).toContain('following');
    expect(third.stdout).toMatch(/^follow: \d+ products listed, 0 changes applied, 1 calls/m);
  }, 90_000);

  it('Ctrl-C while following exits 0, saying it stopped during the follow', async () => {
    // Initialised from the run's PGlite template.
    const dir = pgliteFolder(join(mkdtempSync(join(tmpdir(), 'pc-cli-mirror-follow-')), 'espelho'));
    // One page to backfill, then it follows every 10 minutes: stopped in the first follow's wait.
    const live = startBin(bin, ['mirror', '--dir', dir, '--json', '--interval', '10m'], onePageEnv);
    await live.waitFor((l) => l.includes('"follow"'));
    live.child.kill('SIGINT');
    expect(await live.exited).toBe(0);
    const lines = live.lines.map((l) => JSON.parse(l) as Line);
    expect(lines.find((l) => l.type === 'backfill')).toMatchObject({ pages: 1 });
    expect(lines.at(-1)).toMatchObject({ type: 'stopped', during: 'follow' });
  }, 90_000);

  // The embedded default: what createMirror picks, so the CLI and a partner's service share one folder.
  it.skipIf(sqliteUnavailable())('fills a new --dir with SQLite (mirror.sqlite) on Node 22.13+, not PGlite', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'pc-cli-mirror-sqlite-')), 'espelho');
    const run = await runInProcess(['mirror', '--dir', dir, '--json', '--once'], onePageEnv);
    expect(run.code, run.stderr).toBe(0);
    expect(parse(run.stdout).map((l) => l.type)).toContain('backfill');
    expect(existsSync(join(dir, 'mirror.sqlite'))).toBe(true);
    expect(existsSync(join(dir, 'PG_VERSION'))).toBe(false);
    await expectEqualToCatalog(createSqliteStore({ path: join(dir, 'mirror.sqlite') }), onePage);
  });

  it('refuses --dir with --postgres (2), and a bad --interval, before opening anything', async () => {
    const both = await runInProcess(['mirror', '--dir', 'x', '--postgres', 'postgres://localhost/db'], env);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('--dir or --postgres');
    const interval = await runInProcess(['mirror', '--interval', 'soon'], env);
    expect(interval.code).toBe(2);
    expect(interval.stderr).toContain('--interval');
  });
});

const pgSkip = postgresUnavailable();
describe.skipIf(pgSkip !== undefined)('partner-commerce mirror --postgres', () => {
  let pg: PostgresServer;
  beforeAll(async () => {
    pg = await startPostgres();
  }, 60_000);
  afterAll(async () => {
    await pg?.stop();
  });

  it("mirrors into Postgres from PARTNER_COMMERCE_MIRROR_POSTGRES, never printing the URL's password", async () => {
    // The throwaway server trusts loopback, so any password connects; it must never be printed.
    const url = new URL(pg.url);
    if (url.username === '') url.username = 'postgres';
    url.password = 'not-printed-secret';
    const run = await runInProcess(['mirror', '--once'], { ...onePageEnv, PARTNER_COMMERCE_MIRROR_POSTGRES: url.href });
    expect(run.code).toBe(0);
    expect(run.stderr).toContain('postgres at');
    expect(run.stdout).toContain('backfill done');
    expect(`${run.stdout}${run.stderr}`).not.toContain('not-printed-secret');
    await expectEqualToCatalog(createPostgresStore({ connectionString: pg.url }), onePage);
  }, 90_000);
});
if (pgSkip) console.warn(`cli-mirror.test.ts: Postgres variant ${pgSkip}`);
