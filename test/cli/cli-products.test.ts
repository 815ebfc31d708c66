import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxSignatureVerifier } from '../../src/cli/index.js';
import { PRODUCT_EVENTS } from '../../src/cli/products/product-trigger.js';
import { createFakeApi, webhookSignatureHeaders, webhookSignatureVerifier } from '../../src/testing/index.js';
import { createWebhookHandler, type EventoWebhook } from '../../src/webhooks/index.js';
import { runInProcess, startInProcess, type LiveInProcess } from './cli-in-process.js';
import { startSandboxWithReceiver, type SandboxWithReceiver } from './sandbox-receiver.js';

// `trigger produto.*` and `produto.lote` against the local sandbox (both run in process, cli-in-process.ts),
// through its catalog driver, forwarded to a real receiver whose one `verify` (the kit's
// webhookSignatureVerifier) also accepts the fake's own signed notices; and the sandbox's kit options
// (--send-nulls, delivery faults) through the command.
const TOKEN = 'svc_sbx_cli_products_0123';
let cli: SandboxWithReceiver<LiveInProcess>;
const handled: EventoWebhook[] = [];
let env: Record<string, string>;

interface EventLine {
  type: 'event';
  id: string;
  evento: string;
  event: { dados: Record<string, unknown> & { produto?: { sku: string } } };
}
const eventLines = (live: { lines: string[] }, from = 0): EventLine[] =>
  live.lines
    .slice(from)
    .map((l) => JSON.parse(l) as { type: string })
    .filter((l): l is EventLine => l.type === 'event');

beforeAll(async () => {
  const record = (e: EventoWebhook) => void handled.push(e);
  cli = await startSandboxWithReceiver({
    journal: 'products-journal',
    handler: (sandboxSecret) =>
      createWebhookHandler({
        // One function for the fake's own notices and the CLI's forwards.
        verify: webhookSignatureVerifier(sandboxSecret),
        on: Object.fromEntries(PRODUCT_EVENTS.map((kind) => [kind, record])),
        onUnknown: () => undefined,
        logger: { warn: () => undefined, error: () => undefined },
      }),
    sandboxArgs: ['--catalog-size', '60'],
    inProcess: true,
  });
  env = { PARTNER_COMMERCE_TOKEN: TOKEN, PARTNER_COMMERCE_BASE_URL: cli.sandboxUrl, PARTNER_COMMERCE_SANDBOX_CONTROL_SECRET: cli.controlSecret };
}, 60_000);

afterAll(() => cli?.stop('SIGINT'));

/**
 * Waits until `n` deliveries for `evento` since line `from` got their final answer, and returns those
 * answers. An attempt that failed with a retry scheduled is not final (a duplicate that arrives while
 * its original is still being handled is answered 409 and retried): which attempts fail that way
 * depends on timing, so only what each notice finally got is judged.
 */
async function deliveries(evento: string, n: number, from: number): Promise<{ status: number; eventId: string }[]> {
  const found = () =>
    cli.sandbox.lines
      .slice(from)
      .map((l) => JSON.parse(l) as { type: string; evento?: string; status: number; eventId: string; willRetry?: boolean })
      .filter((l) => l.type === 'delivery' && l.evento === evento && !l.willRetry);
  if (found().length < n) await cli.sandbox.waitFor(() => found().length >= n);
  return found();
}

describe('trigger produto.* against the local sandbox', () => {
  it('causes every product kind and produto.lote through the catalog driver; the receiver verifies and parses each', async () => {
    for (const evento of PRODUCT_EVENTS) {
      const from = cli.sandbox.lines.length;
      const args = evento === 'produto.lote' ? ['--count', '2', '--itens', '4'] : ['--count', '2'];
      const run = await runInProcess(['trigger', evento, ...args, '--json'], env);
      expect(run.stderr, evento).toBe('');
      expect(run.code, evento).toBe(0);
      const { result } = JSON.parse(run.stdout) as { result: { evento: string; notices: number; changes: number } };
      expect(result.evento).toBe(evento);
      expect(result.notices, evento).toBe(2);
      const got = await deliveries(evento, 2, from);
      expect(
        got.every((d) => d.status === 200),
        evento,
      ).toBe(true);
      if (evento === 'produto.lote') expect(eventLines(cli.sandbox, from).find((e) => e.evento === evento)!.event.dados.total).toBe(4);
    }
    for (const evento of PRODUCT_EVENTS)
      expect(
        handled.some((e) => e.evento === evento),
        evento,
      ).toBe(true);
  });

  it('--count 150 --shuffle --dup 10%: 150 changes, their notices out of order with duplicates; the receiver runs each once', async () => {
    const from = cli.sandbox.lines.length;
    const handledBefore = handled.length;
    const run = await runInProcess(['trigger', 'produto.preco_atualizado', '--count', '150', '--shuffle', '--dup', '10%', '--seed', '7', '--json'], env);
    expect(run.code).toBe(0);
    const { result } = JSON.parse(run.stdout) as { result: { changes: number; notices: number; duplicates: number; shuffled: boolean } };
    expect(result).toMatchObject({ changes: 150, shuffled: true });
    expect(result.duplicates).toBeGreaterThan(5);
    expect(result.duplicates).toBeLessThan(40);
    expect(result.notices).toBe(150 + result.duplicates);
    const got = await deliveries('produto.preco_atualizado', result.notices, from);
    expect(got.every((d) => d.status === 200)).toBe(true);
    const events = eventLines(cli.sandbox, from);
    expect(new Set(events.map((e) => e.id)).size).toBe(150);
    // The report lists the first changes in the order they were made; the deliveries came otherwise.
    const skus = events.map((e) => e.event.dados.produto!.sku);
    expect(skus.slice(0, 20)).not.toEqual((JSON.parse(run.stdout) as { result: { skus: string[] } }).result.skus);
    // Duplicates are answered 200 by the receiver's dedupe without running the handler again.
    expect(handled.length - handledBefore).toBe(150);
  });

  it('takes data from flags, checked against the Product schema before anything is sent (2, naming the field)', async () => {
    const from = cli.sandbox.lines.length;
    const run = await runInProcess(['trigger', 'produto.preco_atualizado', '--sku', 'SKU-0003', '--preco-atacado', '99.90', '--json'], env);
    expect(run.code).toBe(0);
    const [event] = eventLines(cli.sandbox, from);
    expect(event!.event.dados).toMatchObject({ alterados: ['precoAtacado'], produto: { sku: 'SKU-0003', precoAtacado: '99.90' } });
    const criado = await runInProcess(['trigger', 'produto.criado', '--dados', '{"titulo":"Sandália CLI","precoAtacado":"79.90"}', '--json'], env);
    expect(criado.code).toBe(0);
    const nova = eventLines(cli.sandbox, from).find((e) => e.evento === 'produto.criado')!;
    expect(nova.event.dados.produto).toMatchObject({ titulo: 'Sandália CLI', precoAtacado: '79.90' });

    // Refused before any request: the base URL is a server that counts what reaches it.
    let reached = 0;
    const counter = createServer((_req, res) => void (reached++, res.end('{}')));
    await new Promise<void>((r) => counter.listen(0, '127.0.0.1', r));
    const counting = { PARTNER_COMMERCE_TOKEN: TOKEN, PARTNER_COMMERCE_BASE_URL: `http://127.0.0.1:${(counter.address() as AddressInfo).port}` };
    try {
      const cases: Array<[string[], string]> = [
        [['produto.preco_atualizado', '--preco-atacado', '12.5'], '--preco-atacado: precoAtacado'],
        [['produto.preco_atualizado', '--preco-sugerido', '-1.00'], '--preco-sugerido: precoSugerido'],
        [['produto.criado', '--dados', '{"precoAtacado":10}'], '--dados.precoAtacado'],
        [['produto.criado', '--dados', '{"numeracoes":[{"numeracao":"36"}]}'], '--dados.numeracoes.0'],
        [['produto.nome_alterado', '--dados', '{"titulo":"x"}'], '--dados is not taken by produto.nome_alterado'],
        [['produto.desativado', '--sku', 'SKU-0001', '--count', '3'], '--sku with --count 3'],
        [['produto.preco_atualizado', '--count', '0'], '--count'],
        [['produto.preco_atualizado', '--dup', '150%'], '--dup'],
        [['produto.inventado'], 'produto.lote'],
      ];
      for (const [args, names] of cases) {
        const bad = await runInProcess(['trigger', ...args], counting);
        expect(bad.code, args.join(' ')).toBe(2);
        expect(bad.stderr, args.join(' ')).toContain(names);
      }
      // Every bad flag at once, so one run shows all there is to fix.
      const several = await runInProcess(['trigger', 'produto.lote', '--count', '0', '--itens', '0', '--dup', '150%'], counting);
      expect(several.code).toBe(2);
      for (const flag of ['--count: ', '--itens: ', '--dup: ']) expect(several.stderr).toContain(flag);
      expect(reached).toBe(0);
    } finally {
      await new Promise((r) => counter.close(r));
    }
    // Checked again by the sandbox, against its catalog: an unknown sku is a usage error too.
    const missing = await runInProcess(['trigger', 'produto.nome_alterado', '--sku', 'SKU-9999'], env);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('SKU-9999');
  });

  it('says product events need the local sandbox when the base URL is a plain fake (1)', async () => {
    const server = await createFakeApi({ rateLimit: false }).listen();
    try {
      const run = await runInProcess(['trigger', 'produto.nome_alterado'], { PARTNER_COMMERCE_TOKEN: TOKEN, PARTNER_COMMERCE_BASE_URL: server.url });
      expect(run.code).toBe(1);
      expect(run.stderr).toContain('only be triggered against the local sandbox');
    } finally {
      await server.close();
    }
  });
});

describe('sandbox options of the kit', () => {
  it('--send-nulls sends null for absent fields; --duplicate 100% delivers each notice twice (same id), both verified by the one function', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pc-options-journal-'));
    const plain = await runInProcess(['trigger', 'financeiro.lancamento_criado', '--json'], env);
    expect((JSON.parse(plain.stdout) as { result: Record<string, unknown> }).result).not.toHaveProperty('pedido');
    const faulty = startInProcess([
      'sandbox',
      '--json',
      '--journal-dir',
      dir,
      '--secret',
      cli.secret,
      '--forward-to',
      cli.receiverUrl,
      '--rate-limit',
      'off',
      '--send-nulls',
      '--duplicate',
      '100%',
      '--fault-delay',
      '50ms',
    ]);
    try {
      const { url } = JSON.parse(await faulty.waitFor((l) => l.includes('"listening"'))) as { url: string };
      const run = await runInProcess(['trigger', 'financeiro.lancamento_criado', '--json'], { PARTNER_COMMERCE_TOKEN: TOKEN, PARTNER_COMMERCE_BASE_URL: url });
      expect(run.code).toBe(0);
      expect((JSON.parse(run.stdout) as { result: Record<string, unknown> }).result).toHaveProperty('pedido', null);
      await faulty.waitFor(() => faulty.lines.filter((l) => l.includes('"delivery"')).length >= 2);
      const events = eventLines(faulty);
      expect(events.map((e) => e.evento)).toEqual(['financeiro.lancamento_criado', 'financeiro.lancamento_criado']);
      expect(events[0]!.id).toBe(events[1]!.id);
      expect(events[0]!.event.dados).toMatchObject({ lancamento: { pedido: null } });
      const delivered = faulty.lines.map((l) => JSON.parse(l) as { type: string; status?: number }).filter((l) => l.type === 'delivery');
      expect(delivered.map((d) => d.status)).toEqual([200, 200]);
    } finally {
      expect(await faulty.stop()).toBe(0);
    }
    // The fake's own notices (webhookSecret), posted to the same receiver, pass the same verify.
    const fake = createFakeApi({ webhookSecret: cli.secret, webhookUrl: cli.receiverUrl, rateLimit: false });
    await fake.fetch('http://fake.test/v1/eu', { headers: { authorization: `Bearer ${TOKEN}` } });
    const before = cli.answers.length;
    await fake.catalog.changeTitle('SKU-0001', 'Assinado pelo fake');
    expect(fake.webhooks.at(-1)!.errors).toEqual([]);
    expect(cli.answers.slice(before)).toEqual([200]);
    expect(handled.at(-1)).toMatchObject({ evento: 'produto.nome_alterado', dados: { produto: { titulo: 'Assinado pelo fake' } } });
    const body = new TextEncoder().encode('{"id":"evt_1"}');
    const headers = new Headers(await webhookSignatureHeaders(cli.secret, body));
    expect(await sandboxSignatureVerifier(cli.secret)(body, headers)).toBe(true);
    expect(await sandboxSignatureVerifier('another-secret')(body, headers)).toBe(false);
  });

  it('refuses a malformed fault share or a fault option without a fault (2)', async () => {
    const share = await runInProcess(['sandbox', '--drop', 'lots']);
    expect(share.code).toBe(2);
    expect(share.stderr).toContain('--drop');
    const alone = await runInProcess(['sandbox', '--fault-seed', '3']);
    expect(alone.code).toBe(2);
    expect(alone.stderr).toContain('--fault-seed');
  });
});
