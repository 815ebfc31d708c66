import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxSignatureVerifier } from '../../src/cli/index.js';
import { createWebhookHandler } from '../../src/webhooks/index.js';
import { runBin } from './cli-process.js';
import { runInProcess } from './cli-in-process.js';
import { startSandboxWithReceiver, type SandboxWithReceiver } from './sandbox-receiver.js';

// The command line as partners run it: a real subprocess of the bundled bin, a real receiver built
// with createWebhookHandler, and the sandbox subprocess in between. One run of each kind (help, usage
// error, success, API failure, standard input, doctor, Ctrl-C, replay) is the bin's; the other cases
// of a kind run the same command in process (runInProcess), which starts no Node.
const TOKEN = 'svc_sbx_cli_test_token_0123';
let cli: SandboxWithReceiver;
const handled: string[] = [];

beforeAll(async () => {
  cli = await startSandboxWithReceiver({
    journal: 'journal',
    handler: (secret) =>
      createWebhookHandler({
        verify: sandboxSignatureVerifier(secret),
        on: {
          'pedido.criado': (e) => void handled.push(`${e.evento} ${e.id}`),
          'pedido.status_alterado': (e) => void handled.push(`${e.evento} ${e.id}`),
          'financeiro.lancamento_criado': (e) => void handled.push(`${e.evento} ${e.id}`),
        },
        logger: { warn: () => undefined, error: () => undefined },
      }),
  });
}, 60_000);

afterAll(() => cli?.stop('SIGKILL'));

const env = () => ({ PARTNER_COMMERCE_TOKEN: TOKEN, PARTNER_COMMERCE_BASE_URL: cli.sandboxUrl });

describe('partner-commerce (the bin, as a subprocess)', () => {
  it('--help lists every command with examples; an unknown command is a usage error (2)', async () => {
    const help = await runBin(cli.bin, ['--help']);
    expect(help.code).toBe(0);
    for (const command of ['sandbox', 'doctor', 'trigger', 'request', 'changelog', 'mirror']) expect(help.stdout).toContain(command);
    const sub = await runInProcess(['trigger', '--help']);
    expect(sub.stdout).toContain('Examples:');
    const wrong = await runBin(cli.bin, ['nope']);
    expect(wrong.code).toBe(2);
  });

  it('trigger creates an order and changes its status; the receiver gets both notices, signed', async () => {
    const run = await runBin(cli.bin, ['trigger', 'pedido.status_alterado', '--status', 'PAGO', '--json'], env());
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const result = JSON.parse(run.stdout) as { evento: string; steps: string[]; result: { id: string; status: string } };
    expect(result.evento).toBe('pedido.status_alterado');
    expect(result.result.status).toBe('PAGO');
    const delivered = await cli.sandbox.waitFor((l) => l.includes('"delivery"') && l.includes('pedido.status_alterado'));
    expect(JSON.parse(delivered)).toMatchObject({ status: 200, attempt: 1 });
    expect(handled.filter((h) => h.startsWith('pedido.')).length).toBeGreaterThanOrEqual(2);
    expect(cli.answers.every((s) => s === 200)).toBe(true);
  });

  it('trigger refuses an unknown event before any call (2) and a bad value by the SDK rules', async () => {
    const unknown = await runInProcess(['trigger', 'pedido.inventado'], env());
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('pedido.status_alterado');
    const bad = await runInProcess(['trigger', 'financeiro.lancamento_criado', '--valor', '0'], env());
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('valor');
  });

  it('request prints the answer with request id, attempts and rate budget; body from stdin', async () => {
    const run = await runBin(cli.bin, ['request', 'GET', '/v1/conta', '--json'], env());
    expect(run.code).toBe(0);
    const out = JSON.parse(run.stdout) as { status: number; requestId: string; attempts: number; data: { fichaCompleta: boolean } };
    expect(out).toMatchObject({ status: 200, attempts: 1 });
    expect(out.requestId).toMatch(/./);
    expect(out.data.fichaCompleta).toBe(true);
    const lanc = await runBin(cli.bin, ['request', 'POST', '/v1/sandbox/financeiro/lancamentos', '--body', '-', '--json'], env(), '{"valor":"12.34","descricao":"via stdin"}');
    expect(lanc.code).toBe(0);
    expect((JSON.parse(lanc.stdout) as { status: number }).status).toBe(201);
    const notFound = await runBin(cli.bin, ['request', 'GET', '/v1/pedidos/nao-existe'], env());
    expect(notFound.code).toBe(1);
    expect(notFound.stderr).toContain('NAO_ENCONTRADO');
  });

  it('never prints the token, not even in errors', async () => {
    const runs = await Promise.all([
      runBin(cli.bin, ['request', 'GET', '/v1/conta'], env()),
      runInProcess(['doctor'], env()),
      runInProcess(['request', 'GET', '/v1/conta'], { PARTNER_COMMERCE_TOKEN: 'svc_prod_cli_test_token_0123', PARTNER_COMMERCE_BASE_URL: cli.sandboxUrl }),
    ]);
    for (const r of runs) expect(`${r.stdout}${r.stderr}`).not.toContain('cli_test_token_0123');
  });

  it('doctor passes against the sandbox (0) and blocks without a token (1), in --json too', async () => {
    const ok = await runBin(cli.bin, ['doctor', '--json'], env());
    expect(ok.code).toBe(0);
    const checks = JSON.parse(ok.stdout) as { check: string; status: string }[];
    expect(checks.map((c) => c.check)).toEqual(expect.arrayContaining(['token', 'base URL', 'connectivity', 'permissions', 'profile', 'label provider', 'storefront', 'API terms', 'rate budget']));
    expect(checks.filter((c) => c.status === 'block')).toEqual([]);
    const none = await runInProcess(['doctor', '--json'], { PARTNER_COMMERCE_BASE_URL: cli.sandboxUrl });
    expect(none.code).toBe(1);
    expect((JSON.parse(none.stdout) as { check: string; status: string }[])[0]).toMatchObject({ check: 'token', status: 'block' });
    const missing = await runInProcess(['doctor', '--json', '--needs', 'pedidos:ler,pedidos:escrever'], env());
    expect(missing.code).toBe(1);
  });

  it('Ctrl-C stops the sandbox cleanly (exit 0); --replay then delivers the journal again, deduplicated by the receiver', async () => {
    cli.sandbox.child.kill('SIGINT');
    expect(await cli.sandbox.exited).toBe(0);
    const before = handled.length;
    const replay = await runBin(cli.bin, ['sandbox', '--replay', '--since', '10m', '--forward-to', cli.receiverUrl, '--journal-dir', cli.journalDir, '--json']);
    expect(replay.code).toBe(0);
    const deliveries = replay.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { status: number });
    expect(deliveries.length).toBeGreaterThanOrEqual(3);
    expect(deliveries.every((d) => d.status === 200)).toBe(true);
    // Same event ids: the receiver's dedupe answers 200 and runs no handler again.
    expect(handled.length).toBe(before);
  });
});
