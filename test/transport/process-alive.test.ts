import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const tsx = fileURLToPath(new URL('../../node_modules/.bin/tsx', import.meta.url));

/** Runs a script in a fresh Node process where nothing but the SDK can keep the event loop alive. */
async function run(script: string): Promise<{ stdout: string; code: number }> {
  const file = join(mkdtempSync(join(tmpdir(), 'pc-alive-')), 'script.mts');
  writeFileSync(file, script.replaceAll('./src/index.ts', join(root, 'src/index.ts')));
  try {
    // No timeout of its own: a child held alive by the SDK is what these tests catch, and the test's timeout flags it.
    const { stdout } = await promisify(execFile)(tsx, [file], { cwd: root });
    return { stdout, code: 0 };
  } catch (e) {
    const err = e as { stdout?: string; code?: number };
    return { stdout: err.stdout ?? '', code: err.code ?? -1 };
  }
}

describe('a waiting call keeps the process alive until it is served', () => {
  it('while it waits for rate budget', async () => {
    const out = await run(`
      import { RateLimiter } from './src/index.ts';
      const limiter = new RateLimiter({ perMinute: 1, windowMs: 150 });
      (await limiter.acquire()).release();
      (await limiter.acquire()).release();
      console.log('served');
    `);
    expect(out).toEqual({ stdout: 'served\n', code: 0 });
  });

  it('while it waits to retry', async () => {
    const out = await run(`
      import { PartnerCommerce } from './src/index.ts';
      let n = 0;
      const fetch = async () => (++n === 1 ? new Response('', { status: 503 }) : Response.json({ ok: true }));
      const client = new PartnerCommerce({ token: 'svc_sbx_x', baseUrl: 'https://x.test', fetch, retryDelayMs: 150, rateLimit: false });
      console.log(JSON.stringify(await client.request('GET', '/v1/conta')));
    `);
    expect(out).toEqual({ stdout: '{"ok":true}\n', code: 0 });
  });
});

describe('a call given up on lets the process end', () => {
  it('when its wait for rate budget is aborted from its onRateLimitWait hook, no timer of the budget holds the process', async () => {
    // A ten-minute window: a timer left behind would hold the child past the test's timeout.
    const out = await run(`
      import { RateLimiter } from './src/index.ts';
      const limiter = new RateLimiter({ perMinute: 1, windowMs: 600_000 });
      (await limiter.acquire()).release();
      const giveUp = new AbortController();
      await limiter.acquire({ signal: giveUp.signal, onWait: () => giveUp.abort() }).catch(() => console.log('gave up'));
    `);
    expect(out).toEqual({ stdout: 'gave up\n', code: 0 });
  });
});
