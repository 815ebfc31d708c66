/**
 * `partner-commerce mirror --audit <share>`, in process through runCli against the testing kit's fake
 * over HTTP and a throwaway Postgres: after the follow, one drift audit, its `audit:` line (a JSON line
 * with --json), drift found and repaired; field names the server chose never reach the terminal raw; a
 * bad share is refused (exit 2) before anything opens.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/index.js';
import { createPostgresStore } from '../../src/mirror/index.js';
import { createFakeApi, type FakeServer } from '../../src/testing/index.js';
import { injectDrift } from '../mirror/audit-fixtures.js';
import { postgresUnavailable, startPostgres, type PostgresServer } from '../mirror/postgres-server.js';

const TOKEN = 'svc_sbx_cli_audit_0123';

async function cli(args: string[]): Promise<{ code: number; out: string[]; err: string[] }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(['mirror', '--once', '--token', TOKEN, ...args], {
    io: { out: (l) => out.push(l), err: (l) => err.push(l) },
    stopped: new Promise(() => undefined),
    terminal: { isTTY: false, write: () => undefined },
  });
  return { code, out, err };
}

describe('partner-commerce mirror --audit', () => {
  it('refuses a share that is not above 0% and at most 100% (exit 2)', async () => {
    for (const share of ['0', '0%', '150%', 'muito']) {
      const run = await cli(['--base-url', 'http://127.0.0.1:9', '--postgres', 'postgres://127.0.0.1:9/x', '--audit', share]);
      expect(run.code, share).toBe(2);
      expect(run.err.join('\n')).toContain('--audit');
    }
  });
});

const pgSkip = postgresUnavailable();
describe.skipIf(pgSkip !== undefined)('partner-commerce mirror --audit on Postgres', () => {
  let pg: PostgresServer;
  let server: FakeServer;
  beforeAll(async () => {
    pg = await startPostgres();
    server = await createFakeApi({ catalogSize: 100, rateLimit: false }).listen();
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await pg?.stop();
  });

  it('prints an audit line after the follow, with the drift found and repaired by field, and no raw control character', async () => {
    const connect = ['--base-url', server.url, '--postgres', pg.url];
    expect((await cli(connect)).code).toBe(0);
    const store = createPostgresStore({ connectionString: pg.url });
    await injectDrift(store, ['SKU-0010']);
    // A top-level field the server never sent, named to clear the screen if printed raw.
    await store.transaction(async (tx) => {
      const row = (await tx.produtos(['SKU-0020'])).get('SKU-0020')!;
      await tx.putProdutos([{ ...row, produto: { ...row.produto, '\u001b[2Jcampo': 'x' } }]);
    });
    await store.close();

    const run = await cli([...connect, '--audit', '100%']);
    expect(run.code, run.err.join('\n')).toBe(0);
    const line = run.out.find((l) => l.startsWith('audit:'));
    expect(line).toContain('audit: 100 products checked, 2 drifted (\\u001b[2Jcampo 1, titulo 1), 2 repaired, 1 calls within 100% of 60 per 60 s (client) · pass 1 finished');
    expect(`${run.out.join('\n')}${run.err.join('\n')}`).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);

    const json = await cli([...connect, '--json', '--audit', '0.5']);
    expect(json.code).toBe(0);
    const audit = json.out.map((l) => JSON.parse(l) as { type: string }).find((l) => l.type === 'audit');
    expect(audit).toMatchObject({ type: 'audit', checked: 100, drifted: 0, repaired: 0, share: 0.5, passes: 2, passFinished: true });
  }, 90_000);
});
if (pgSkip) console.warn(`cli-mirror-audit.test.ts: Postgres variant ${pgSkip}`);
