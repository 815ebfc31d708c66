import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCli, startBin, type LiveCli } from './cli-process.js';

// The README's two-terminal demo: `partner-commerce sandbox` in one, the main example (npm run demo)
// in the other with PARTNER_COMMERCE_TOKEN and PARTNER_COMMERCE_BASE_URL pointing at it.
const run = promisify(execFile);
let sandbox: LiveCli;
let url: string;

beforeAll(async () => {
  const bin = await buildCli();
  sandbox = startBin(bin, ['sandbox', '--json', '--journal-dir', mkdtempSync(join(tmpdir(), 'pc-demo-journal-'))]);
  url = (JSON.parse(await sandbox.waitFor((l) => l.includes('"listening"'))) as { url: string }).url;
}, 60_000);

afterAll(async () => {
  if (sandbox && sandbox.child.exitCode === null) {
    sandbox.child.kill('SIGINT');
    await sandbox.exited;
  }
});

describe('the demo against `partner-commerce sandbox`', () => {
  it('runs every step of examples/fluxo-completo.ts through the sandbox, which prints each notice', async () => {
    const { PARTNER_COMMERCE_TOKEN: _t, PARTNER_COMMERCE_BASE_URL: _b, ...rest } = process.env;
    const env = { ...rest, PARTNER_COMMERCE_TOKEN: 'svc_sbx_local', PARTNER_COMMERCE_BASE_URL: url };
    const { stdout } = await run('node_modules/.bin/tsx', ['examples/fluxo-completo.ts'], { env, timeout: 60_000 });
    expect(stdout).toContain("every step of the spec's full test flow ran");
    await sandbox.waitFor((l) => l.includes('"financeiro.lancamento_criado"'));
    const kinds = sandbox.lines
      .map((l) => JSON.parse(l) as { type: string; evento?: string })
      .filter((l) => l.type === 'event')
      .map((l) => l.evento);
    expect(kinds).toEqual([
      'cliente.criado',
      'pedido.criado',
      'pedido.comprovante_validado',
      'pedido.status_alterado',
      'pedido.status_alterado',
      'pedido.status_alterado',
      'financeiro.lancamento_criado',
    ]);
  }, 60_000);
});
