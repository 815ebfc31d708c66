/**
 * `partner-commerce mcp` on a machine without the optional @modelcontextprotocol/sdk: one line saying
 * what to install, exit 1, nothing on standard output; the other commands do not need it. The package
 * is made unloadable for this file only (isolated in test/vitest.config.ts), as where it is not installed.
 */
import { expect, it, vi } from 'vitest';
import { runCli } from '../../src/cli/index.js';

// Hoisted above the imports with vi.mock: a factory that fails as Node's resolver fails.
const missing = vi.hoisted(() => () => {
  const err = new Error("Cannot find package '@modelcontextprotocol/sdk' imported from partner-commerce") as Error & { code: string };
  err.code = 'ERR_MODULE_NOT_FOUND';
  throw err;
});
vi.mock('@modelcontextprotocol/sdk/server/index.js', missing);
vi.mock('@modelcontextprotocol/sdk/types.js', missing);
vi.mock('@modelcontextprotocol/sdk/server/stdio.js', missing);

function io() {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, io: { out: (l: string) => void out.push(l), err: (l: string) => void err.push(l) } };
}

it('mcp exits 1 with one line naming the package to install, and writes nothing on standard output', async () => {
  const run = io();
  const code = await runCli(['mcp'], {
    io: run.io,
    env: { PARTNER_COMMERCE_TOKEN: 'svc_sbx_missing_mcp_sdk', PARTNER_COMMERCE_BASE_URL: 'https://sandbox.example.test' },
    stopped: new Promise(() => {}),
  });
  expect(code).toBe(1);
  expect(run.out).toEqual([]);
  expect(run.err).toEqual(['error: partner-commerce mcp needs the optional package @modelcontextprotocol/sdk: install it next to partner-commerce (npm install @modelcontextprotocol/sdk)']);
});

it('the other commands run without it', async () => {
  const run = io();
  expect(await runCli(['--version'], { io: run.io, stopped: new Promise(() => {}) })).toBe(0);
  expect(run.out.join('')).toMatch(/^\d+\.\d+\.\d+/);
});
