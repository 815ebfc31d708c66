/**
 * A script whose client shares its budget through Redis by URL ends when its work ends, with Redis up
 * or down: real OS processes, a real Redis, no close() and no process.exit() in the script.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { createFakeApi, type FakeServer } from '../../src/testing/index.js';
import { nodeArgs } from '../setup/provided.js';
import { describeWithRedis, startRedis } from './redis-server.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const script = fileURLToPath(new URL('./fixtures/url-client-script.ts', import.meta.url));

const running: ChildProcess[] = [];
afterEach(() => {
  for (const child of running.splice(0)) child.kill('SIGKILL');
});

/** Runs the script to its end; the test's own timeout is what fails a script that never ends. */
function runToEnd(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, nodeArgs(script), { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  running.push(child);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}

describeWithRedis('a script using the Redis URL form', (redis) => {
  let server: FakeServer;
  beforeAll(async () => {
    server = await createFakeApi().listen();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('ends by itself once its work is done, with Redis up (a call and a dedupe lookup) and with Redis down (fallback share)', async () => {
    const gone = await startRedis();
    await gone.stop();
    // Both at once: each is a cold tsx process, and together they take the time of one.
    const [up, down] = await Promise.all([
      runToEnd({ BASE_URL: server.url, REDIS_URL: redis.url, KEY: 'exit-up', DEDUPE: '1' }),
      runToEnd({ BASE_URL: server.url, REDIS_URL: gone.url, KEY: 'exit-down' }),
    ]);
    expect(up.code).toBe(0);
    expect(JSON.parse(up.output.trim())).toEqual({ status: 200, handled: false });
    expect(down.code).toBe(0);
    expect(JSON.parse(down.output.trim())).toMatchObject({ status: 200 });
  });
});
