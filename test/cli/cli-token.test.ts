import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readProfileToken } from '../../src/cli/profile.js';
import { createFakeApi, type FakeApi, type FakeServer } from '../../src/testing/index.js';
import { runInProcess } from './cli-in-process.js';

// Credentials stay out of `ps`: the command run in process, each run with its own
// XDG_CONFIG_HOME, against the kit's fake, which takes any svc_sbx_ token.
const TOKEN = 'svc_sbx_token_sources_0123';
let fake: FakeApi;
let server: FakeServer;

beforeAll(async () => {
  fake = createFakeApi({ rateLimit: false });
  server = await fake.listen();
}, 60_000);

afterAll(() => server?.close());

/** A fresh config folder: the profile lives under it, or not at all. */
const configHome = () => mkdtempSync(join(tmpdir(), 'pc-config-'));
const base = (xdg: string, extra: Record<string, string> = {}) => ({ XDG_CONFIG_HOME: xdg, PARTNER_COMMERCE_BASE_URL: server.url, ...extra });

/** Writes a profile as `login` would not: the test sets the mode and owner. */
function plantProfile(xdg: string, token: string, mode: number): string {
  mkdirSync(join(xdg, 'partner-commerce'), { recursive: true, mode: 0o700 });
  const path = join(xdg, 'partner-commerce', 'profile.json');
  writeFileSync(path, JSON.stringify({ token }));
  chmodSync(path, mode);
  return path;
}

/** `doctor --json`'s token check: says where the token came from. */
async function tokenCheck(args: string[], env: Record<string, string>, stdin?: string): Promise<{ status: string; detail: string }> {
  const run = await runInProcess(['doctor', '--json', ...args], env, stdin);
  expect(`${run.stdout}${run.stderr}`).not.toContain('token_sources');
  return (JSON.parse(run.stdout) as { check: string; status: string; detail: string }[]).find((c) => c.check === 'token')!;
}

describe('the token stays out of ps', () => {
  it('--token on the command line still works, with a warning on standard error; the environment variable gives none', async () => {
    const flag = await runInProcess(['request', 'GET', '/v1/conta', '--json', '--token', TOKEN], base(configHome()));
    expect(flag.code).toBe(0);
    expect(flag.stderr).toContain('warning: --token is visible to every local user (ps)');
    const env = await runInProcess(['request', 'GET', '/v1/conta', '--json'], base(configHome(), { PARTNER_COMMERCE_TOKEN: TOKEN }));
    expect(env.code).toBe(0);
    expect(env.stderr).toBe('');
  });

  it('--token-stdin reads the token from standard input; empty input, both --token and --token-stdin, or with --body - are usage errors (2)', async () => {
    const run = await runInProcess(['request', 'GET', '/v1/conta', '--json', '--token-stdin'], base(configHome()), `${TOKEN}\n`);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('');
    const empty = await runInProcess(['request', 'GET', '/v1/conta', '--token-stdin'], base(configHome()), '\n');
    expect(empty.code).toBe(2);
    expect(empty.stderr).toContain('--token-stdin');
    const both = await runInProcess(['request', 'GET', '/v1/conta', '--token-stdin', '--token', TOKEN], base(configHome()), TOKEN);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('give --token or --token-stdin, not both');
    const body = await runInProcess(['request', 'POST', '/v1/sandbox/financeiro/lancamentos', '--token-stdin', '--body', '-'], base(configHome()), TOKEN);
    expect(body.code).toBe(2);
    expect(body.stderr).toContain('--body -');
  });

  it('login keeps the token from standard input in a profile only its user can read (folder 0700, file 0600); commands then use it; logout deletes it', async () => {
    const xdg = configHome();
    const login = await runInProcess(['login'], { XDG_CONFIG_HOME: xdg }, `${TOKEN}\n`);
    expect(login.code).toBe(0);
    expect(`${login.stdout}${login.stderr}`).not.toContain(TOKEN);
    const path = join(xdg, 'partner-commerce', 'profile.json');
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(statSync(join(xdg, 'partner-commerce')).mode & 0o777).toBe(0o700);
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({ token: TOKEN });
    const run = await runInProcess(['request', 'GET', '/v1/conta', '--json'], base(xdg));
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('');
    expect((await runInProcess(['logout'], { XDG_CONFIG_HOME: xdg })).code).toBe(0);
    expect(existsSync(path)).toBe(false);
  });

  it('a profile others can read, or a link in its place, is refused naming the file, before any call', async () => {
    const calls = fake.requests.length;
    const readable = configHome();
    const path = plantProfile(readable, TOKEN, 0o644);
    const run = await runInProcess(['request', 'GET', '/v1/conta'], base(readable));
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`refusing the profile ${path}: other users can read or write it (mode 644)`);
    const linked = configHome();
    mkdirSync(join(linked, 'partner-commerce'));
    symlinkSync(path, join(linked, 'partner-commerce', 'profile.json'));
    const link = await runInProcess(['request', 'GET', '/v1/conta'], base(linked));
    expect(link.code).toBe(1);
    expect(link.stderr).toContain('is a symbolic link');
    expect(fake.requests.length).toBe(calls);
  });

  it('a profile owned by another user is refused', () => {
    const path = plantProfile(configHome(), TOKEN, 0o600);
    expect(readProfileToken(path)).toBe(TOKEN);
    expect(() => readProfileToken(path, { uid: statSync(path).uid + 1 })).toThrow(`it is owned by another user (uid ${statSync(path).uid})`);
  });

  it.skipIf(process.getuid?.() !== 0)('a profile chowned to another user is refused by the command (needs root to chown)', async () => {
    const xdg = configHome();
    const path = plantProfile(xdg, TOKEN, 0o600);
    chownSync(path, 65534, 65534);
    const run = await runInProcess(['request', 'GET', '/v1/conta'], base(xdg));
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('owned by another user (uid 65534)');
  });

  it('doctor says where the token came from, first found of --token, --token-stdin, PARTNER_COMMERCE_TOKEN, the profile', async () => {
    const xdg = configHome();
    const path = plantProfile(xdg, TOKEN, 0o600);
    expect((await tokenCheck([], base(xdg))).detail).toBe(`sandbox token present (not shown), from profile ${path}`);
    const env = base(xdg, { PARTNER_COMMERCE_TOKEN: TOKEN });
    expect((await tokenCheck([], env)).detail).toBe('sandbox token present (not shown), from PARTNER_COMMERCE_TOKEN');
    expect((await tokenCheck(['--token-stdin'], env, TOKEN)).detail).toBe('sandbox token present (not shown), from --token-stdin');
    expect((await tokenCheck(['--token', TOKEN], env)).detail).toBe('sandbox token present (not shown), from --token');
  });
});
