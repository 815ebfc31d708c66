/**
 * Change-feed positions after a crash: they keep increasing, so a consumer that reads
 * `> its saved position` misses nothing, but they are not gapless — the sequence behind them skips the
 * numbers a killed write had drawn (and those it had logged ahead). Real processes, SIGKILLed at the
 * named point `inside-write`, on a real Postgres. (PGlite in a folder behaves alike — its sequence skips too —
 * but a crashed folder takes about 40 s to reopen on this machine, too slow for the suite.)
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresStore, type MirrorStore } from '../../src/mirror/index.js';
import { aplicarProdutos } from '../../src/mirror/apply/apply-product.js';
import { startChild } from './child-runner.js';
import { produto, wholeChangeLog } from './fixtures.js';
import { postgresUnavailable, startPostgres, type PostgresServer } from './postgres-server.js';

const CHILD = fileURLToPath(new URL('./positions-process.ts', import.meta.url));

async function crashThenWrite(storeArg: string, reopen: () => MirrorStore): Promise<void> {
  const run = await startChild(CHILD, [storeArg, '5']).done;
  expect(run.lines.at(-1)).toBe('inside-write');
  expect(run.killed).toBe(true);
  const before = Number(run.lines.find((l) => l.startsWith('applied '))!.split(' ')[1]);
  expect(before).toBe(5);
  const store = reopen();
  try {
    await store.open();
    // The killed write never committed: the log holds the five changes before it, and nothing else.
    expect((await wholeChangeLog(store)).map((c) => c.position)).toEqual([1, 2, 3, 4, 5]);
    await store.transaction((tx) => aplicarProdutos(tx, [produto('SKU-0', 500)], { origin: 'webhook' }));
    const log = await wholeChangeLog(store);
    expect(log).toHaveLength(6);
    const after = log.at(-1)!.position;
    // Increasing, never reused — and the numbers the killed write drew are skipped, not handed out again.
    expect(after).toBeGreaterThan(before + 1);
    expect(await store.changes(before, 10)).toMatchObject([{ position: after, sku: 'SKU-0' }]);
  } finally {
    await store.close();
  }
}

describe('change-feed positions after a crash', { timeout: 60_000 }, () => {
  describe.skipIf(postgresUnavailable())('on Postgres', () => {
    let server: PostgresServer;
    beforeAll(async () => void (server = await startPostgres()), 60_000);
    afterAll(() => server?.stop());
    it('keep increasing past the numbers the killed write drew', async () => {
      await crashThenWrite(`postgres:${server.url}`, () => createPostgresStore({ connectionString: server.url, max: 2 }));
    });
  });
});
