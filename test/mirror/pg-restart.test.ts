/**
 * A Postgres restart never ends the partner's process: a real child process mirrors into a real
 * Postgres that is shut down (fast: every session ended, as in a restart or failover) while a follow
 * is in flight and started again. The process lives on, the follow in flight fails with a
 * MirrorStoreError (a PartnerCommerceError), and the next follow reconnects and runs. Skipped with a
 * notice when PostgreSQL is not installed, unless REQUIRE_POSTGRES=1.
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChild } from './child-runner.js';
import { postgresUnavailable, startPostgres, type PostgresServer } from './postgres-server.js';

const child = fileURLToPath(new URL('./pg-restart-process.ts', import.meta.url));
const skip = postgresUnavailable();

describe.skipIf(skip !== undefined)('a Postgres restart under a running mirror', { timeout: 30_000 }, () => {
  let pg: PostgresServer;
  beforeAll(async () => {
    pg = await startPostgres();
  }, 60_000);
  afterAll(async () => {
    await pg?.stop();
  });

  it('leaves the process running: the call in flight fails typed, the next run resumes', async () => {
    const waiting = new Map<string, (line: Record<string, unknown>) => void>();
    const next = (step: string) => new Promise<Record<string, unknown>>((resolve) => waiting.set(step, resolve));
    const proc = startChild(child, [pg.url], {
      onLine: (line) => {
        const parsed = JSON.parse(line) as Record<string, unknown>;
        waiting.get(parsed.step as string)?.(parsed);
      },
    });
    const ended = proc.done.then((r) => ({ step: 'ended', ...r }));
    const until = (step: string) => Promise.race([next(step), ended]);

    expect(await until('ready')).toEqual({ step: 'ready' });
    const paused = until('paused');
    proc.send('follow-paused');
    expect(await paused).toEqual({ step: 'paused' });

    await pg.down();
    const inFlight = until('in-flight');
    proc.send('continue');
    expect(await inFlight).toMatchObject({ step: 'in-flight', ok: false, family: true, name: 'MirrorStoreError' });

    await pg.up();
    const after = until('after');
    proc.send('follow');
    expect(await after).toEqual({ step: 'after', ok: true, kind: 'follow' });

    const closed = until('closed');
    proc.send('exit');
    expect(await closed).toEqual({ step: 'closed' });
    expect((await proc.done).killed).toBe(false);
  });
});
