import { describe, expect, it } from 'vitest';
import { createFakeApi, type FakeWebhookEvent } from '../../src/testing/index.js';
import { expandBatch, isProductEvent, parseWebhook } from '../../src/webhooks/index.js';
import { noticeProblems } from '../spec-fixtures/fixtures.js';
import { get, walkCatalog } from './helpers.js';

async function run(seed: number, passos: number) {
  let t = Date.parse('2024-05-10T12:00:00-03:00');
  const events: FakeWebhookEvent[] = [];
  const fake = createFakeApi({ catalogSize: 25, rateLimit: false, now: () => new Date(t), onWebhook: (e) => void events.push(e) });
  await get(fake, '/v1/conta');
  await fake.catalog.changeAtRandom(passos, { seed, batches: 0.1, afterEach: () => void (t += 1000) });
  await fake.flushWebhooks();
  return { fake, events };
}

describe('fake.catalog.changeAtRandom', () => {
  it('makes the same changes from the same seed, and other changes from another', async () => {
    const a = await run(1, 150);
    const b = await run(1, 150);
    expect(b.fake.catalog.products()).toEqual(a.fake.catalog.products());
    expect(a.fake.catalog.skus()).toEqual(a.fake.catalog.products().map((p) => p.sku));
    expect(b.events.map((e) => e.evento)).toEqual(a.events.map((e) => e.evento));
    expect((await run(2, 150)).fake.catalog.products()).not.toEqual(a.fake.catalog.products());
  });

  it("covers every product kind and lotes, each notice of the spec fixtures' shape", async () => {
    const { events } = await run(3, 400);
    for (const e of events) expect(noticeProblems(e)).toEqual([]);
    const kinds = new Set(events.flatMap((e) => (e.evento === 'produto.lote' ? e.dados.itens.map((x) => x.evento) : [e.evento])));
    expect([...kinds].sort()).toEqual([
      'produto.categorias_alteradas',
      'produto.criado',
      'produto.desativado',
      'produto.estoque_atualizado',
      'produto.nome_alterado',
      'produto.preco_atualizado',
      'produto.reativado',
    ]);
    expect(events.some((e) => e.evento === 'produto.lote')).toBe(true);
  });

  it('leaves a receiver that applied every notice in order equal to the listing, except precoAtual-only changes', async () => {
    const { fake, events } = await run(4, 300);
    const mirror = new Map<string, unknown>();
    for (const e of events) for (const item of expandBatch(parseWebhook(e))) if (isProductEvent(item)) mirror.set(item.dados.produto.sku, JSON.parse(JSON.stringify(item.dados.produto)));
    const { produtos } = await walkCatalog(fake, 'limite=100');
    expect(produtos).toEqual(fake.catalog.products());
    const stale = produtos.filter((p) => JSON.stringify(mirror.get(p.sku)) !== JSON.stringify(p));
    // Only products whose last change was to precoAtual (no notice by rule 3), or never notified, differ.
    for (const p of stale) {
      const seen = mirror.get(p.sku) as typeof p | undefined;
      if (seen) expect({ ...seen, precoAtual: p.precoAtual, atualizadoEm: p.atualizadoEm }).toEqual(p);
    }
  });

  it('refuses a step count that is not a whole number', async () => {
    const fake = createFakeApi();
    await expect(fake.catalog.changeAtRandom(-1)).rejects.toThrow(/steps: changeAtRandom takes a whole number of steps/);
    await expect(fake.catalog.changeAtRandom(1, { batches: 2 })).rejects.toThrow(/batches: must be a share/);
  });
});
