/**
 * A real `redis-server` for tests: each call to {@link startRedis} starts its own instance on a free
 * loopback port in a temp dir (no persistence), waits until it answers PING, and hands back its URL.
 * Never a fixed port, never a mock.
 *
 * Without the binary, {@link describeWithRedis} prints a "skipped: ..." notice and skips its tests, so
 * `npm test` still works on a machine without Redis; with `REQUIRE_REDIS=1` (CI) it fails instead.
 * `REDIS_SERVER=/path/to/redis-server` picks a binary that is not on the PATH.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { accessSync, constants, mkdtempSync, rmSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';

/** A running test instance. */
export interface RedisServer {
  /** `redis://127.0.0.1:<port>` */
  url: string;
  port: number;
  /** The server's process id (for tests that freeze it with SIGSTOP to simulate a hung server). */
  pid: number;
  /** Freezes the server (SIGSTOP): connections stay open but nothing answers, as a hung server. */
  pause(): void;
  /** Undoes {@link RedisServer.pause} (SIGCONT). */
  resume(): void;
  /** Stops the server and removes its temp dir. Safe to call twice. */
  stop(): Promise<void>;
}

/** The `redis-server` binary found (`REDIS_SERVER`, else the PATH), or undefined. */
export const redisServerPath: string | undefined = findRedisServer();

/** True when a `redis-server` binary was found. */
export const redisAvailable = redisServerPath !== undefined;

/** True when missing Redis must fail the tests rather than skip them (CI sets REQUIRE_REDIS=1). */
export const redisRequired = process.env.REQUIRE_REDIS === '1';

const SKIP_NOTICE = 'skipped: redis-server not found (install redis-server, CI runs these)';
const REQUIRED_MESSAGE = 'redis-server not found, and REQUIRE_REDIS=1 says these tests must run (apt-get install -y redis-server, or set REDIS_SERVER)';

function findRedisServer(): string | undefined {
  const candidates = process.env.REDIS_SERVER
    ? [process.env.REDIS_SERVER]
    : [...(process.env.PATH ?? '').split(delimiter).filter(Boolean), '/usr/sbin', '/usr/local/sbin'].map((dir) => join(dir, 'redis-server'));
  for (const file of candidates) {
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch {
      // not here
    }
  }
  return undefined;
}

/** A port that was free a moment ago; {@link startRedis} retries if another process takes it first. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** One PING over a raw socket; true on +PONG. */
function ping(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    let answer = '';
    const finish = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1_000, () => finish(false));
    socket.once('error', () => finish(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk) => {
      answer += chunk.toString('latin1');
      if (answer.includes('\r\n')) finish(answer.startsWith('+PONG'));
    });
  });
}

const running = new Set<ChildProcess>();
// A test worker that dies without its afterAll must not leave servers behind.
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/**
 * Starts a fresh `redis-server` on a free loopback port in a temp dir (`--save ''`, `--appendonly no`),
 * and resolves once it answers PING. Rejects when no binary is found or it exits before answering.
 */
export async function startRedis(): Promise<RedisServer> {
  if (!redisServerPath) throw new Error(REQUIRED_MESSAGE);
  let lastError: unknown;
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      return await startOnce(redisServerPath, await freePort());
    } catch (err) {
      lastError = err; // most likely the port was taken between freePort() and the bind: try another
    }
  }
  throw lastError;
}

async function startOnce(binary: string, port: number): Promise<RedisServer> {
  const dir = mkdtempSync(join(tmpdir(), 'pc-redis-'));
  const child = spawn(binary, ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'no', '--daemonize', 'no', '--logfile', ''], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4_000)));
  child.stderr.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4_000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let hasExited = false;
  void exited.then(() => {
    hasExited = true;
    running.delete(child);
  });

  const stop = async () => {
    if (!hasExited) {
      child.kill('SIGCONT'); // a paused server cannot act on SIGTERM
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dir, { recursive: true, force: true });
  };

  // Until it answers or exits (a port taken meanwhile): the hook's timeout bounds a server that does neither.
  while (!(await ping(port))) {
    if (hasExited) {
      await stop();
      throw new Error(`redis-server on port ${port} did not come up (exit code ${child.exitCode}):\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    pid: child.pid!,
    pause: () => void child.kill('SIGSTOP'),
    resume: () => void child.kill('SIGCONT'),
    stop,
  };
}

/** The server of a {@link describeWithRedis} block; its fields are read inside tests (after beforeAll). */
export interface RedisHandle {
  /** The running server. Throws when read outside a test of the block. */
  readonly server: RedisServer;
  /** Shorthand for `server.url`. */
  readonly url: string;
}

/**
 * `describe` with one real Redis started before the block's tests and stopped after them. Without
 * `redis-server`: the block is skipped with a printed notice, or fails under `REQUIRE_REDIS=1`.
 */
export function describeWithRedis(name: string, body: (redis: RedisHandle) => void): void {
  if (!redisAvailable) {
    if (redisRequired) {
      describe(name, () => {
        it('needs redis-server', () => {
          throw new Error(REQUIRED_MESSAGE);
        });
      });
      return;
    }
    console.warn(`${name}: ${SKIP_NOTICE}`);
    describe.skip(`${name} (${SKIP_NOTICE})`, () => body(unavailableHandle));
    return;
  }
  describe(name, () => {
    let server: RedisServer | undefined;
    beforeAll(async () => {
      server = await startRedis();
    });
    afterAll(async () => {
      await server?.stop();
    });
    body({
      get server() {
        if (!server) throw new Error('the Redis server is only available inside the tests of describeWithRedis');
        return server;
      },
      get url() {
        return this.server.url;
      },
    });
  });
}

const unavailableHandle: RedisHandle = {
  get server(): RedisServer {
    throw new Error(SKIP_NOTICE);
  },
  get url(): string {
    throw new Error(SKIP_NOTICE);
  },
};
