/**
 * A Postgres restart or a dropped connection never ends the partner's process: a real child process
 * mirrors into a real Postgres that is shut down (fast: every session ended, as in a restart or
 * failover) or whose sessions are terminated (pg_terminate_backend, as an idle timeout or a proxy
 * does) while a follow is in flight. The process lives on, the follow in flight fails with a
 * MirrorStoreError (a PartnerCommerceError), and the next follow reconnects and runs. Skipped with a
 * notice when PostgreSQL is not installed, unless REQUIRE_POSTGRES=1.
 */
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChild } from './child-runner.js';
import { postgresUnavailable, startOwnPostgres, type PostgresServer } from './postgres-server.js';

const child = fileURLToPath(new URL('./pg-restart-process.ts', import.meta.url));
const skip = postgresUnavailable();
const APP = 'pc-mirror-child';

/** Starts the child on `url`; `step(name, line?)` sends a line and resolves with the child's next report of that step. */
function drive(url: string) {
  const waiting = new Map<string, (line: Record<string, unknown>) => void>();
  const proc = startChild(child, [url], {
    onLine: (line) => {
      const parsed = JSON.parse(line) as Record<string, unknown>;
      waiting.get(parsed.step as string)?.(parsed);
    },
  });
  const ended = proc.done.then((r) => ({ step: 'ended', ...r }));
  const step = (name: string, send?: string) => {
    const next = new Promise<Record<string, unknown>>((resolve) => waiting.set(name, resolve));
    if (send !== undefined) proc.send(send);
    return Promise.race([next, ended]);
  };
  return { step, done: proc.done };
}

describe.skipIf(skip !== undefined)('Postgres going away under a running mirror', { timeout: 60_000 }, () => {
  let server: PostgresServer;
  beforeAll(async () => {
    server = await startOwnPostgres();
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('a restart leaves the process running: the call in flight fails typed, the next run resumes', async () => {
    const { step, done } = drive(server.url);
    expect(await step('ready')).toEqual({ step: 'ready' });
    expect(await step('paused', 'follow-paused')).toEqual({ step: 'paused' });

    await server.down();
    expect(await step('in-flight', 'continue')).toMatchObject({ step: 'in-flight', ok: false, family: true, name: 'MirrorStoreError' });

    await server.up();
    expect(await step('after', 'follow')).toEqual({ step: 'after', ok: true, kind: 'follow' });
    expect(await step('closed', 'exit')).toEqual({ step: 'closed' });
    expect((await done).killed).toBe(false);
  });

  it('dropped connections (pg_terminate_backend, idle and held) leave the process running; the next run resumes', async () => {
    const { step, done } = drive(`${server.url}?application_name=${APP}`);
    expect(await step('ready')).toEqual({ step: 'ready' });
    expect(await step('paused', 'follow-paused')).toEqual({ step: 'paused' });

    const admin = new pg.Client({ connectionString: server.url });
    await admin.connect();
    try {
      const sessions = async () => Number((await admin.query('SELECT count(*) AS n FROM pg_stat_activity WHERE application_name = $1', [APP])).rows[0].n);
      expect(await sessions()).toBeGreaterThan(1);
      await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1', [APP]);
      // Until the sessions are gone (so the child's sockets are closed before it goes on).
      while ((await sessions()) > 0) await new Promise((resolve) => setTimeout(resolve, 20));
    } finally {
      await admin.end();
    }
    expect(await step('in-flight', 'continue')).toMatchObject({ step: 'in-flight', ok: false, family: true, name: 'MirrorStoreError' });
    expect(await step('after', 'follow')).toEqual({ step: 'after', ok: true, kind: 'follow' });
    expect(await step('closed', 'exit')).toEqual({ step: 'closed' });
    expect((await done).killed).toBe(false);
  });
});
