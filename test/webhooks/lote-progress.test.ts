import { describe, expect, it } from 'vitest';
import { createMemoryDedupeStore, type DedupeStore } from '../../src/webhooks/index.js';
import { eventoBody, produtoJson } from './fixtures.js';
import { testHandler } from './helpers.js';

const SIZE = 20_000;
const bigLote = eventoBody('produto.lote', {
  dados: { total: SIZE, itens: Array.from({ length: SIZE }, (_, i) => ({ evento: 'produto.estoque_atualizado', produto: produtoJson(`SKU-${i}`) })) },
});

describe("a lote's progress survives its own size", () => {
  it('a 20,000-item lote that failed at its last item resumes there on redelivery (default store, 10,000 entries)', async () => {
    let runs = 0;
    let failLast = true;
    const { handler } = testHandler({
      on: {
        'produto.estoque_atualizado': (e) => {
          if (failLast && e.dados.produto.sku === `SKU-${SIZE - 1}`) throw new Error('falhou no último');
          runs++;
        },
      },
    });
    expect((await handler.handle(bigLote)).status).toBe(500);
    expect(runs).toBe(SIZE - 1);
    failLast = false;
    expect(await handler.handle(bigLote)).toMatchObject({ status: 200, outcome: 'handled' });
    // Only the item that failed ran again.
    expect(runs).toBe(SIZE);
    expect(await handler.handle(bigLote)).toMatchObject({ status: 200, outcome: 'duplicate' });
    expect(runs).toBe(SIZE);
  });

  it('takes one progress record per lote, not one entry per item', async () => {
    const keys = new Set<string>();
    const memory = createMemoryDedupeStore();
    const store: DedupeStore = {
      has: (id) => memory.has(id),
      add: (id, ttl) => {
        keys.add(id);
        return memory.add(id, ttl);
      },
      getProgress: (key) => memory.getProgress!(key),
      setProgress: (key, done, ttl) => {
        keys.add(key);
        return memory.setProgress!(key, done, ttl);
      },
    };
    const { handler } = testHandler({ on: { 'produto.estoque_atualizado': () => {} }, dedupe: { store } });
    await handler.handle(bigLote);
    expect(keys.size).toBe(2);
  });

  it('a store without progress records still deduplicates each item under its own namespaced key', async () => {
    const added: string[] = [];
    const store: DedupeStore = { has: (id) => added.includes(id), add: (id) => void added.push(id) };
    const small = eventoBody('produto.lote', { id: 'evt_L', dados: { total: 2, itens: [0, 1].map((i) => ({ evento: 'produto.estoque_atualizado', produto: produtoJson(`S-${i}`) })) } });
    const { handler } = testHandler({ on: { 'produto.estoque_atualizado': () => {} }, dedupe: { store } });
    await handler.handle(small);
    expect(added).toEqual(['lote-item:evt_L:0', 'lote-item:evt_L:1', 'evt:evt_L']);
  });
});
