/**
 * The mirror's 0.1 names in the 0.2 series: the Portuguese reads keep working in their 0.1 shape and
 * say once what replaced them; `mirror.outbox`, whose old shape cannot be kept, throws naming its
 * replacement instead of failing later on `undefined`.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InvalidInputError } from '../../src/errors/index.js';
import { createMemoryStore, createMirror } from '../../src/mirror/index.js';
import { createFakeApi } from '../../src/testing/index.js';
import { captureLogs, testClient } from '../helpers/client.js';

async function setup() {
  const fake = createFakeApi({ catalogSize: 12, rateLimit: false });
  const logs = captureLogs();
  const mirror = createMirror({ client: testClient(fake.fetch, { logger: logs.logger, logLevel: 'warn' }), store: createMemoryStore() });
  await mirror.backfill();
  return { fake, mirror, logs };
}

afterEach(() => void vi.restoreAllMocks());

describe("the mirror's 0.1 names", () => {
  it('answer as in 0.1 and warn once per name, naming the replacement', async () => {
    const { fake, mirror, logs } = await setup();
    // Through the client's logger, not the console.
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const sku = fake.catalog.skus()[0]!;
    const now = await mirror.counts();
    expect(await mirror.contagens()).toEqual({
      produtos: now.products,
      ativos: now.active,
      inativos: now.inactive,
      ausentes: now.missing,
      variacoes: now.variants,
      changes: now.changes,
      outboxPending: now.outboxPending,
    });
    await mirror.contagens();
    const item = await mirror.produto(sku);
    const current = await mirror.product(sku);
    expect(item).toEqual({ produto: current!.product, ativo: current!.active, naoVistoDesde: current!.missingSince, position: current!.position });
    await mirror.produto(sku);
    const variacao = current!.product.numeracoes[0]!.skuVariacao;
    expect(await mirror.estoque(variacao)).toEqual(await mirror.stock(variacao));
    await mirror.estoque(variacao);
    const changed = await mirror.alteradosDesde(0);
    expect(changed.map((p) => p.produto.sku)).toEqual((await mirror.changedSince(0)).map((p) => p.product.sku));
    expect(changed[0]).toHaveProperty('naoVistoDesde');
    await mirror.alteradosDesde(0);

    expect(warn).not.toHaveBeenCalled();
    const lines = logs.lines.map((l) => `${l.level} ${l.message}`);
    expect(lines).toEqual([
      expect.stringContaining('mirror.contagens() is deprecated and goes in the next minor release: use mirror.counts()'),
      expect.stringContaining('mirror.produto(sku) is deprecated and goes in the next minor release: use mirror.product(sku)'),
      expect.stringContaining('mirror.estoque(skuVariacao) is deprecated and goes in the next minor release: use mirror.stock(skuVariacao)'),
      expect.stringContaining('mirror.alteradosDesde(position) is deprecated and goes in the next minor release: use mirror.changedSince(position)'),
    ]);
    await mirror.close();
  });

  it('mirror.outbox throws InvalidInputError naming createOutbox, before any call', async () => {
    const { fake, mirror } = await setup();
    const before = fake.requests.length;
    let caught: unknown;
    try {
      await mirror.outbox.replay();
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(InvalidInputError);
    expect((caught as Error).message).toContain('mirror.outbox was removed in 0.2: use createOutbox({ client, store: mirror.store })');
    expect(fake.requests.length).toBe(before);
    await mirror.close();
  });
});
