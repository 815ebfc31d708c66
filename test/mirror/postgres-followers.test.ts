/**
 * Two follower processes (real OS processes) on one Postgres, over one fake API served on loopback:
 * both follow and both apply every product notice at the same time. They converge to the API's catalog
 * and no change is applied twice (the log's chain holds: each entry's `before` is the previous `after`
 * of its sku and differs from it). Skipped with a notice when PostgreSQL is not installed, unless
 * REQUIRE_POSTGRES=1.
 */
import { execFile } from 'node:child_process';
import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PartnerCommerce } from '../../src/index.js';
import { canonicalJson } from '../../src/internal/canonical-json.js';
import { stateKey } from '../../src/mirror/apply/canonical.js';
import { createPostgresStore, type Change, type MirrorStore } from '../../src/mirror/index.js';
import { createFakeApi, type FakeServer } from '../../src/testing/index.js';
import { seeded } from './chaos-catalog.js';
import { nodeArgs } from '../setup/provided.js';
import { postgresUnavailable, startPostgres, type PostgresServer } from './postgres-server.js';

const follower = fileURLToPath(new URL('./follower-process.ts', import.meta.url));
const skip = postgresUnavailable();

describe.skipIf(skip !== undefined)('two followers on one Postgres', { timeout: 180_000 }, () => {
  let pg: PostgresServer;
  let api: FakeServer;
  let dir: string;
  beforeAll(async () => {
    pg = await startPostgres();
    dir = mkdtempSync(join(tmpdir(), 'pc-followers-'));
  }, 60_000);
  afterAll(async () => {
    await api?.close();
    await pg?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('converge with no double-applied change', async () => {
    const eventsFile = join(dir, 'events.jsonl');
    const stopFile = join(dir, 'stop');
    writeFileSync(eventsFile, '');
    const fake = createFakeApi({ catalogSize: 300, rateLimit: false, stockWebhookDelayMs: 0, onWebhook: (e) => appendFileSync(eventsFile, `${JSON.stringify(e)}\n`) });
    api = await fake.listen();
    const client = new PartnerCommerce({ token: 'svc_sbx_parent', baseUrl: api.url, rateLimit: false, logLevel: 'off' });
    const run = (name: string) =>
      new Promise<{ name: string; applied: number; follows: number; events: number }>((resolve, reject) =>
        execFile(process.execPath, [...nodeArgs(follower), pg.url, api.url, eventsFile, stopFile, name], { timeout: 150_000 }, (err, stdout, stderr) =>
          err ? reject(new Error(`${name}: ${err.message}\n${stderr}`)) : resolve(JSON.parse(stdout.trim().split('\n').at(-1)!)),
        ),
      );
    const followers = [run('a'), run('b')];
    const random = seeded(7);
    for (let i = 0; i < 150; i++) {
      const sku = `SKU-${String(1 + Math.floor(random() * 300)).padStart(4, '0')}`;
      const produto = await client.produtos.obter(sku);
      const size = produto.numeracoes[Math.floor(random() * produto.numeracoes.length)]!;
      await client.sandbox.produtos.definirEstoque(sku, { numeracao: size.numeracao, estoque: (size.estoque + 1 + Math.floor(random() * 9)) % 40 });
      if (i % 10 === 0) await fake.flushWebhooks();
    }
    await fake.flushWebhooks();
    writeFileSync(stopFile, '');
    const results = await Promise.all(followers);
    expect(results.every((r) => r.follows >= 1 && r.events > 0)).toBe(true);

    const store: MirrorStore = createPostgresStore({ connectionString: pg.url });
    await store.open();
    try {
      expect((await store.counts()).products).toBe(300);
      for (let n = 1; n <= 300; n++) {
        const sku = `SKU-${String(n).padStart(4, '0')}`;
        expect(canonicalJson((await store.produto(sku))!.produto), sku).toBe(canonicalJson(JSON.parse(JSON.stringify(await client.produtos.obter(sku)))));
      }
      const log: Change[] = await store.changes(0, 100_000);
      const last = new Map<string, Change>();
      for (const change of log) {
        const previous = last.get(change.sku);
        if (previous) {
          expect(canonicalJson(change.before)).toBe(canonicalJson(previous.after));
          expect(stateKey(change.after!) !== stateKey(previous.after!) || change.after!.atualizadoEm !== previous.after!.atualizadoEm).toBe(true);
        }
        last.set(change.sku, change);
      }
      // Each logged change was applied by one follower only: what the two report applying adds up to the log.
      expect(results[0]!.applied + results[1]!.applied).toBe(log.length);
      expect(log.length).toBeGreaterThan(300);
      expect(log.map((c) => c.position)).toEqual([...log.map((c) => c.position)].sort((a, b) => a - b));
    } finally {
      await store.close();
    }
  });
});
