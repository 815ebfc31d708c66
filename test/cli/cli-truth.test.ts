import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeApi } from '../../src/testing/index.js';
import { runInProcess, startInProcess, type LiveInProcess } from './cli-in-process.js';

// Help and output tell the truth: commands run in process against the
// local sandbox, also in process, started with a stock delay of its own.
const TOKEN = 'svc_sbx_cli_truth_0123';
let sandbox: LiveInProcess;
let env: Record<string, string>;

beforeAll(async () => {
  const journal = mkdtempSync(join(tmpdir(), 'pc-truth-journal-'));
  sandbox = startInProcess(['sandbox', '--json', '--journal-dir', journal, '--rate-limit', 'off', '--stock-delay', '5s']);
  const { url, controlSecret } = JSON.parse(await sandbox.waitFor((l) => l.includes('"listening"'))) as { url: string; controlSecret: string };
  env = { PARTNER_COMMERCE_TOKEN: TOKEN, PARTNER_COMMERCE_BASE_URL: url, PARTNER_COMMERCE_SANDBOX_CONTROL_SECRET: controlSecret };
}, 60_000);

afterAll(async () => {
  expect(await sandbox?.stop()).toBe(0);
});

interface Trigger {
  steps: string[];
  noticeSent: boolean;
  result: { skus?: string[]; notices?: number };
}

async function triggerJson(args: string[], environment = env): Promise<Trigger> {
  const run = await runInProcess(['trigger', ...args, '--json'], environment);
  expect(run.code, run.stderr).toBe(0);
  return JSON.parse(run.stdout) as Trigger;
}

/** A size of `sku`: the kit's catalog is the same in every fake of this seed, the sandbox's included. */
const aSize = (sku: string): string => createFakeApi({ rateLimit: false }).catalog.product(sku)!.numeracoes[0]!.numeracao;

describe('help and output tell the truth', () => {
  it('mirror --help says --json prints JSON lines, not one JSON document', async () => {
    const help = await runInProcess(['mirror', '--help']);
    const json = help.stdout.split('\n').find((l) => l.trimStart().startsWith('--json'));
    expect(json).toContain('JSON lines');
    expect(json).not.toContain('one JSON document');
  });

  it('trigger never says "triggered" when the stock is set to its current value (no notice), through the simulator and through the catalog', async () => {
    const set = ['produto.estoque_atualizado', '--sku', 'SKU-0002', '--numeracao', aSize('SKU-0002'), '--estoque', '7'];
    expect((await triggerJson(set)).noticeSent).toBe(true);
    const again = await runInProcess(['trigger', ...set], env);
    expect(again.code).toBe(0);
    const lines = again.stdout.trim().split('\n');
    expect(lines.at(-1)).toBe('produto.estoque_atualizado not triggered: no notice was sent');
    expect(lines.join('\n')).toContain('is already 7');
    expect(lines.some((l) => / triggered$/.test(l))).toBe(false);
    // Through the catalog (--count): the sandbox reports the notices it sent, none for the same value.
    const local = ['produto.estoque_atualizado', '--sku', 'SKU-0005', '--numeracao', aSize('SKU-0005'), '--estoque', '7', '--count', '1'];
    expect((await triggerJson(local)).noticeSent).toBe(true);
    const same = await triggerJson(local);
    expect(same.result.notices).toBe(0);
    expect(same.noticeSent).toBe(false);
  });

  it('trigger pedido.criado --pedido <an existing order> says it sent no notice', async () => {
    const created = (await triggerJson(['pedido.criado'])) as Trigger & { result: { id: string } };
    expect(created.noticeSent).toBe(true);
    const run = await runInProcess(['trigger', 'pedido.criado', '--pedido', created.result.id], env);
    expect(run.code).toBe(0);
    expect(run.stdout.trim().split('\n').at(-1)).toBe('pedido.criado not triggered: no notice was sent');
  });

  it("the stock notice's delay follows the sandbox's --stock-delay; elsewhere it is the spec's minute", async () => {
    const set = ['produto.estoque_atualizado', '--sku', 'SKU-0004', '--numeracao', aSize('SKU-0004'), '--estoque', '9'];
    expect((await triggerJson(set)).steps.at(-1)).toContain('(notice delayed 5 s)');
    const plain = await createFakeApi({ rateLimit: false }).listen();
    try {
      const other = await triggerJson(set, { PARTNER_COMMERCE_TOKEN: TOKEN, PARTNER_COMMERCE_BASE_URL: plain.url });
      expect(other.steps.at(-1)).toContain('(notice delayed about a minute)');
    } finally {
      await plain.close();
    }
  });

  it('trigger --count picks its products by --seed: one seed the same products, another seed others, none starting at SKU-0001', async () => {
    const skus = async (seed: string) => (await triggerJson(['produto.nome_alterado', '--count', '3', '--seed', seed])).result.skus!;
    const one = await skus('1');
    const two = await skus('2');
    expect(two).not.toEqual(one);
    expect(one).not.toEqual(['SKU-0001', 'SKU-0002', 'SKU-0003']);
    expect(two).not.toEqual(['SKU-0001', 'SKU-0002', 'SKU-0003']);
    // Without --seed the command draws one and prints it, so a run can be repeated.
    const drawn = await triggerJson(['produto.nome_alterado', '--count', '3']);
    const seed = /--seed (\d+) repeats this run/.exec(drawn.steps.join('\n'))?.[1];
    expect(seed).toBeDefined();
    expect(await skus(seed!)).toEqual(drawn.result.skus);
  });
});
