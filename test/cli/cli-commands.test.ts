import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type LocalSandbox } from '../../src/cli/index.js';
import type { CliRun } from './cli-process.js';
import { runInProcess, startInProcess } from './cli-in-process.js';

// Each command, run in process (cli-in-process.ts): --help with examples, the exit codes of its failures, and
// the token (from the flag or the environment) absent from every output, --json and errors included.
// `changelog` against a local docs site serving changelog.json.
const SECRET = 'cli_commands_secret_4242';
const TOKEN = `svc_sbx_${SECRET}`;
const COMMANDS = ['sandbox', 'doctor', 'trigger', 'request', 'mirror', 'changelog'];
let sandbox: LocalSandbox;
let docs: Server;
let docsUrl: string;
let docsAnswer = 200;

const CHANGELOG = {
  tipos: { novo: 'Novo', descontinuado: 'Descontinuado', seguranca: 'Segurança' },
  releases: [
    {
      versao: 'v1.3',
      data: '2026-11-20',
      titulo: 'Novembro',
      resumo: 'r',
      mudancas: [
        { tipo: 'novo', area: 'pedidos', texto: 'Nada a fazer', acao: null, quebra: false, link: 'https://docs.example.com/pedidos' },
        { tipo: 'descontinuado', area: 'etiquetas', texto: 'GET /v1/etiquetas/antiga sai em julho', acao: 'Use GET /v1/etiquetas', quebra: false, link: 'https://docs.example.com/etiquetas' },
      ],
    },
  ],
};

beforeAll(async () => {
  sandbox = await startSandbox({ rateLimit: false, journalDir: mkdtempSync(join(tmpdir(), 'pc-commands-journal-')) });
  docs = createServer((req, res) => {
    if (req.url !== '/changelog.json' || docsAnswer !== 200) return void res.writeHead(docsAnswer === 200 ? 404 : docsAnswer).end();
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(CHANGELOG));
  });
  await new Promise<void>((r) => docs.listen(0, '127.0.0.1', r));
  docsUrl = `http://127.0.0.1:${(docs.address() as AddressInfo).port}`;
}, 60_000);

afterAll(async () => {
  await sandbox?.close();
  await new Promise((r) => docs?.close(r));
});

const env = () => ({ PARTNER_COMMERCE_TOKEN: TOKEN, PARTNER_COMMERCE_BASE_URL: sandbox.url });
const printed = (r: CliRun) => `${r.stdout}${r.stderr}`;

describe('every command', () => {
  it('--help shows its examples (exit 0); a wrong command line exits 2 before anything is sent', async () => {
    for (const command of COMMANDS) {
      const help = await runInProcess([command, '--help']);
      expect(help.code, command).toBe(0);
      expect(help.stdout, command).toContain('Examples:');
      expect(help.stdout, command).toContain(`npx partner-commerce ${command}`);
      expect(help.stdout, command).toContain('--json');
    }
    const before = sandbox.fake.requests.length;
    const usage: string[][] = [
      ['request', 'FETCH', '/v1/conta'],
      ['request', 'POST', '/v1/pedidos', '--body', '{not json'],
      ['request', 'GET', '/v1/produtos', '--query', 'limite'],
      ['request', 'GET'],
      ['trigger'],
      ['doctor', '--bogus'],
      ['sandbox', '--port', 'http'],
      ['sandbox', '--replay'],
      ['mirror', '--interval', 'soon'],
      ['changelog'],
    ];
    for (const args of usage) expect((await runInProcess(args, env())).code, args.join(' ')).toBe(2);
    expect(sandbox.fake.requests.length).toBe(before);
  }, 60_000);

  it('changelog lists what needs action (0), as JSON with --json; a failing docs site exits 1', async () => {
    const text = await runInProcess(['changelog', '--docs-url', docsUrl]);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toContain('2026-11-20 v1.3 [descontinuado] etiquetas: GET /v1/etiquetas/antiga sai em julho');
    expect(text.stdout).toContain('action: Use GET /v1/etiquetas');
    expect(text.stdout).not.toContain('Nada a fazer');
    const json = await runInProcess(['changelog', '--json'], { PARTNER_COMMERCE_DOCS_URL: docsUrl });
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual([expect.objectContaining({ versao: 'v1.3', tipo: 'descontinuado', acao: 'Use GET /v1/etiquetas' })]);
    docsAnswer = 500;
    try {
      const failing = await runInProcess(['changelog', '--docs-url', docsUrl]);
      expect(failing.code).toBe(1);
      expect(failing.stderr).toMatch(/^error: /);
    } finally {
      docsAnswer = 200;
    }
  });

  it('never prints the token: results, --json, API errors, refused tokens, the token given as a flag', async () => {
    const flag = ['--token', TOKEN, '--base-url', sandbox.url];
    const runs = await Promise.all([
      runInProcess(['request', 'GET', '/v1/eu', '--json'], env()),
      runInProcess(['request', 'GET', '/v1/eu'], env()),
      runInProcess(['request', 'GET', '/v1/pedidos/nao-existe', '--json', ...flag]),
      runInProcess(['doctor', '--json', ...flag]),
      runInProcess(['doctor', '--json', '--environment', 'production', ...flag]),
      runInProcess(['trigger', 'financeiro.lancamento_criado', '--json', ...flag]),
      runInProcess(['trigger', 'etiqueta.status_alterado', '--etiqueta', 'etq_nao_existe', '--json', ...flag]),
      runInProcess(['request', 'GET', '/v1/conta', '--json'], { PARTNER_COMMERCE_TOKEN: `svc_prod_${SECRET}`, PARTNER_COMMERCE_BASE_URL: sandbox.url }),
      runInProcess(['request', 'GET', '/v1/conta', '--json', '--token', `svc_sbx_${SECRET} x`, '--base-url', sandbox.url]),
      runInProcess(['doctor', '--json', '--token', `sk_${SECRET}`, '--base-url', sandbox.url]),
    ]);
    expect(runs.map((r) => r.code)).toEqual([0, 0, 1, 0, 1, 0, 1, 1, 2, 1]);
    for (const r of runs) expect(printed(r)).not.toContain(SECRET);
    // Without --json, request pretty-prints the same document for people.
    expect(runs[1].stdout).toMatch(/^\{\n {2}"status": 200,\n {2}"requestId": "[^"]+",\n {2}"attempts": 1,/);
    expect(Object.keys(JSON.parse(runs[1].stdout) as object)).toEqual(['status', 'requestId', 'attempts', 'idempotencyKey', 'idempotentReplayed', 'rateLimit', 'data']);
  }, 60_000);

  it('sandbox takes the kit options: --port, --catalog-size, --rate-limit N/window, --stock-delay', async () => {
    const probe = createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    const port = (probe.address() as AddressInfo).port;
    await new Promise((r) => probe.close(r));
    const live = startInProcess([
      'sandbox',
      '--json',
      '--port',
      String(port),
      '--catalog-size',
      '7',
      '--rate-limit',
      '20/60s',
      '--stock-delay',
      '0s',
      '--journal-dir',
      mkdtempSync(join(tmpdir(), 'pc-options-')),
    ]);
    try {
      const { url } = JSON.parse(await live.waitFor((l) => l.includes('"listening"'))) as { url: string };
      expect(url).toBe(`http://127.0.0.1:${port}`);
      const local = { PARTNER_COMMERCE_TOKEN: TOKEN, PARTNER_COMMERCE_BASE_URL: url };
      const list = await runInProcess(['request', 'GET', '/v1/produtos', '--query', 'limite=100', '--json'], local);
      expect(list.code).toBe(0);
      const answer = JSON.parse(list.stdout) as { rateLimit: { limit: string }; data: { dados?: unknown[]; produtos?: unknown[] } };
      expect(answer.rateLimit.limit).toBe('20');
      expect((answer.data.dados ?? answer.data.produtos)!.length).toBe(7);
      // Through the API's stock simulator: with --stock-delay 0s its notice goes out at once, not a minute later.
      const stock = await runInProcess(['trigger', 'produto.estoque_atualizado', '--estoque', '0', '--json'], local);
      expect(stock.code).toBe(0);
      await live.waitFor((l) => l.includes('"event"') && l.includes('produto.estoque_atualizado'));
    } finally {
      expect(await live.stop()).toBe(0);
    }
  }, 60_000);
});
