import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, extname, join, resolve } from 'node:path';
import { build } from 'esbuild';
import { providedCliBin } from '../setup/provided.js';

/**
 * Bundles src/cli/bin.ts the way tsup.config.ts does (ESM, Node, commander inside) into a temp
 * folder, so the tests run the command as a real subprocess without a full `npm run build`.
 * The packed tarball's own bin is run by the runtime matrix (.ci/runtimes). The optional peers stay
 * external, as tsup leaves them, so the bundle lives under node_modules/.cache to find them.
 * Within a vitest run the global setup has bundled it once for every file (test/setup/global-setup.ts).
 */
export async function buildCli(): Promise<string> {
  const provided = providedCliBin();
  if (provided) return provided;
  const cache = resolve('node_modules/.cache');
  mkdirSync(cache, { recursive: true });
  return bundleCli(join(mkdtempSync(join(cache, 'pc-cli-')), 'partner-commerce.mjs'));
}

/** Lets an ESM bundle `require()` what its CommonJS dependencies ask for. */
export const BUNDLE_BANNER = { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" };

/** src/cli/bin.ts bundled into `outfile` as tsup.config.ts does (commander inside, the optional peers outside). */
export async function bundleCli(outfile: string): Promise<string> {
  await build({
    entryPoints: ['src/cli/bin.ts'],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Split as tsup splits: a command's lazy import() stays lazy, so `mcp`'s optional peer loads only
    // when `mcp` runs (one file would hoist it to the top, into every command's start).
    splitting: true,
    outdir: dirname(outfile),
    entryNames: basename(outfile, extname(outfile)),
    outExtension: { '.js': extname(outfile) },
    logLevel: 'error',
    external: ['@electric-sql/pglite', 'pg', 'redis', 'msw', '@modelcontextprotocol/sdk'],
    banner: BUNDLE_BANNER,
  });
  return outfile;
}

/** The outcome of one finished command. */
export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the command to its end with `env` added to a clean environment (no inherited token). */
export function runBin(bin: string, args: string[], env: Record<string, string> = {}, stdin?: string): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], { env: cleanEnv(env), stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin ?? '');
  });
}

/** A long-running command (the sandbox): lines of its standard output as they come. */
export interface LiveCli {
  child: ChildProcess;
  lines: string[];
  /** Resolves with the first line matching `test`. */
  waitFor(test: (line: string) => boolean): Promise<string>;
  exited: Promise<number | null>;
  /** Standard error so far. */
  stderr(): string;
}

export function startBin(bin: string, args: string[], env: Record<string, string> = {}, options: { quiet?: boolean } = {}): LiveCli {
  const child = spawn(process.execPath, [bin, ...args], { env: cleanEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: string[] = [];
  const waiters: { test: (l: string) => boolean; resolve: (l: string) => void }[] = [];
  let buffer = '';
  child.stdout?.on('data', (c: Buffer) => {
    buffer += c.toString();
    let at: number;
    while ((at = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, at);
      buffer = buffer.slice(at + 1);
      lines.push(line);
      for (const w of [...waiters]) {
        if (w.test(line)) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve(line);
        }
      }
    }
  });
  let stderr = '';
  child.stderr?.on('data', (c: Buffer) => {
    stderr += c.toString();
    if (options.quiet !== true) process.stderr.write(c);
  });
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  return {
    child,
    lines,
    exited,
    stderr: () => stderr,
    waitFor: (test) => {
      const found = lines.find(test);
      if (found !== undefined) return Promise.resolve(found);
      return new Promise((resolve) => waiters.push({ test, resolve }));
    },
  };
}

/** An empty config folder: no run finds a profile `partner-commerce login` wrote on this machine unless the test gives one. */
let emptyConfig: string | undefined;

/** This process's environment without its token or base URL, with no profile to find, and `extra`. */
export function cleanEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const { PARTNER_COMMERCE_TOKEN: _t, PARTNER_COMMERCE_BASE_URL: _b, ...rest } = process.env;
  emptyConfig ??= mkdtempSync(join(tmpdir(), 'pc-no-profile-'));
  return { ...rest, XDG_CONFIG_HOME: emptyConfig, ...extra };
}
