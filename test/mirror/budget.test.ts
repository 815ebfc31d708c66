/**
 * The mirror's calls draw from the client's rate budget at `bulk` priority: an order created while a
 * backfill has pages waiting for budget goes first, though the pages asked first. Every call the mirror
 * makes (list pages, product reads) carries `priority: 'bulk'`.
 */
import { describe, expect, it } from 'vitest';
import { RateLimiter } from '../../src/index.js';
import { createMemoryStore, createMirror, type MirrorSource } from '../../src/mirror/index.js';
import { createFakeApi } from '../../src/testing/index.js';
import { testClient } from '../helpers/client.js';
import { onFakeClock } from '../helpers/fake-time.js';
import { pedidoBodies } from './outbox-fixtures.js';

describe('the mirror and the rate budget', () => {
  it('an order created during a backfill is served before the backfill pages that were waiting', async () => {
    const fake = createFakeApi({ catalogSize: 500, rateLimit: false });
    // One call a minute on a fake clock: every page of the scan waits for budget, and the next page is
    // still waiting when the order is asked, however slow the machine.
    const client = testClient(fake.fetch, { rateLimit: new RateLimiter({ perMinute: 1, windowMs: 60_000 }) });
    const mirror = createMirror({ client, store: createMemoryStore() });
    await onFakeClock(async () => {
      let pedido: Promise<unknown> | undefined;
      await mirror.backfill({
        onPage: (estado) => {
          // The next page is already waiting for budget (fetched ahead); the order comes after it.
          if (estado.pages === 1) pedido = client.pedidos.criar(pedidoBodies(fake, 1)[0]!, { idempotencyKey: 'durante-backfill' });
        },
      });
      await pedido;
    });
    const sequence = fake.requests.map((r) => (r.method === 'POST' ? 'pedido' : 'pagina'));
    expect(sequence).toEqual(['pagina', 'pedido', 'pagina', 'pagina', 'pagina', 'pagina']);
  });

  it('every call of backfill, follow and tie refreshes carries priority bulk', async () => {
    const fake = createFakeApi({ catalogSize: 150, rateLimit: false });
    const client = testClient(fake.fetch);
    const priorities: unknown[] = [];
    const source: MirrorSource = {
      produtos: {
        listar: (params, options) => (priorities.push(options?.priority), client.produtos.listar(params, options)),
        obter: (sku, options) => (priorities.push(options?.priority), client.produtos.obter(sku, options)),
      },
    };
    const mirror = createMirror({ client: source, store: createMemoryStore() });
    await mirror.backfill();
    // A tie (same atualizadoEm, other content) queues the sku for a read by the next follow.
    const stored = (await mirror.store.produto('SKU-0002'))!.produto;
    await mirror.applyEvent(
      (await import('../../src/webhooks/index.js')).parseWebhook({
        id: 'evt_empate',
        evento: 'produto.nome_alterado',
        criadoEm: stored.atualizadoEm,
        ambiente: 'sandbox',
        integracao: { id: 'i', nome: 'n' },
        dados: { produto: { ...stored, titulo: 'Outro título' }, anterior: { titulo: stored.titulo } },
      }),
    );
    await mirror.follow();
    expect(priorities.length).toBeGreaterThanOrEqual(3);
    expect(new Set(priorities)).toEqual(new Set(['bulk']));
    expect(fake.requests.some((r) => r.path === '/v1/produtos/SKU-0002')).toBe(true);
  });
});
