// The packed tarball's `partner-commerce` bin on this runtime: starts `sandbox --json`, then runs
// `request GET /v1/conta --json` and `trigger financeiro.lancamento_criado --json` against it, and
// stops the sandbox with SIGINT. Prints one `ok` line, or `FAIL` and the cause.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const label = process.argv[2] ?? 'cli';
const require = createRequire(import.meta.url);
const pkg = require.resolve('partner-commerce/package.json');
const bin = join(dirname(pkg), require(pkg).bin['partner-commerce']);
const runtime = process.execPath;
const journal = mkdtempSync(join(tmpdir(), 'pc-cli-smoke-'));

function run(args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(runtime, [bin, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (c) => (out += c));
    child.stderr.on('data', (c) => (err += c));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(out) : reject(new Error(`${args.join(' ')} exited ${code}: ${err}`))));
  });
}

const sandbox = spawn(runtime, [bin, 'sandbox', '--json', '--journal-dir', journal, '--rate-limit', 'off'], { stdio: ['ignore', 'pipe', 'inherit'] });
try {
  const url = await new Promise((resolve, reject) => {
    let buffer = '';
    sandbox.stdout.on('data', (c) => {
      buffer += c;
      const line = buffer.split('\n').find((l) => l.includes('"listening"'));
      if (line) resolve(JSON.parse(line).url);
    });
    sandbox.on('close', (code) => reject(new Error(`sandbox exited ${code}`)));
    setTimeout(() => reject(new Error('sandbox did not start in 30 s')), 30_000).unref();
  });
  const env = { PARTNER_COMMERCE_TOKEN: 'svc_sbx_cli_smoke', PARTNER_COMMERCE_BASE_URL: url };
  const conta = JSON.parse(await run(['request', 'GET', '/v1/conta', '--json'], env));
  if (conta.status !== 200 || typeof conta.data?.fichaCompleta !== 'boolean') throw new Error(`request: ${JSON.stringify(conta)}`);
  const lanc = JSON.parse(await run(['trigger', 'financeiro.lancamento_criado', '--valor', '10.00', '--json'], env));
  if (lanc.evento !== 'financeiro.lancamento_criado') throw new Error(`trigger: ${JSON.stringify(lanc)}`);
  const stopped = new Promise((resolve) => sandbox.on('close', resolve));
  sandbox.kill('SIGINT');
  const code = await stopped;
  if (code !== 0) throw new Error(`sandbox exited ${code} after SIGINT`);
  console.log(`ok   ${label}`);
} catch (err) {
  sandbox.kill('SIGKILL');
  console.log(`FAIL ${label}: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
}
