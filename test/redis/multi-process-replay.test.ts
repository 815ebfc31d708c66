/**
 * Two replays of the same dead letters in two real processes over one Redis (dedupe and dead-letter
 * stores): while the first runs a notice, the second leaves it (in flight); once the first is done,
 * the notice has run once and its record is gone.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterEach, expect, it } from 'vitest';
import { createRedisDeadLetterStore } from '../../src/redis/index.js';
import { eventoBody } from '../webhooks/fixtures.js';
import { nodeArgs } from '../setup/provided.js';
import { describeWithRedis } from './redis-server.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const script = fileURLToPath(new URL('./fixtures/dead-letter-replayer.ts', import.meta.url));

const children: ChildProcess[] = [];
afterEach(() => {
  for (const c of children.splice(0)) c.kill('SIGKILL');
});

function replayer(env: Record<string, string>) {
  const child = spawn(process.execPath, nodeArgs(script), { cwd: root, env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'inherit'] });
  children.push(child);
  const lines: string[] = [];
  const waiters: { match: (l: string) => boolean; resolve: (l: string) => void }[] = [];
  createInterface({ input: child.stdout }).on('line', (line) => {
    lines.push(line);
    for (const w of waiters.filter((w) => w.match(line))) {
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve(line);
    }
  });
  const waitFor = (match: (l: string) => boolean) =>
    new Promise<string>((resolve, reject) => {
      const seen = lines.find(match);
      if (seen) return resolve(seen);
      waiters.push({ match, resolve });
      child.once('exit', (code, signal) => reject(new Error(`replayer exited (${code ?? signal}) before printing what the test waits for`)));
    });
  const result = async () => JSON.parse((await waitFor((l) => l.startsWith('result '))).slice('result '.length)) as Record<string, number>;
  return { child, lines, waitFor, result };
}

describeWithRedis('dead-letter replay in two processes', (redis) => {
  it('runs a notice once: the second replayer leaves it while the first holds it', { timeout: 120_000 }, async () => {
    const prefix = `test-mpr-${process.pid}:`;
    const letters = createRedisDeadLetterStore({ redis: redis.url, prefix: `${prefix}dl:`, commandTimeoutMs: 30_000, logger: { warn() {} } });
    try {
      await letters.record({ id: 'evt_mp1', evento: 'pedido.criado', body: eventoBody('pedido.criado', { id: 'evt_mp1' }), error: { name: 'Error', message: 'down' }, failedAt: Date.now() });
      const env = { REDIS_URL: redis.url, PREFIX: prefix };
      const first = replayer({ ...env, HOLD: '1' });
      await first.waitFor((l) => l === 'started evt_mp1');
      const second = replayer(env);
      expect(await second.result()).toEqual({ replayed: 0, duplicates: 0, inFlight: 1, failed: 0 });
      expect(second.lines.filter((l) => l.startsWith('started'))).toEqual([]);
      first.child.stdin.write('go\n');
      expect(await first.result()).toEqual({ replayed: 1, duplicates: 0, inFlight: 0, failed: 0 });
      expect(first.lines.filter((l) => l.startsWith('handled'))).toEqual(['handled evt_mp1']);
      expect(await letters.list()).toEqual([]);
    } finally {
      await letters.close();
    }
  });
});
