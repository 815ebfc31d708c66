/**
 * A receiver runs for days: the handler holds nothing per notice beyond its bounded dedupe store. The
 * store is made small (100 ids) so it is full after the warm-up; from then on each new id pushes an old
 * one out. Measured over 20,000 notices: within ±12 bytes a notice of zero; an unbounded dedupe store
 * holds about 107 bytes a notice, a kept parsed event about 850. The bound, 48 bytes, sits between.
 */
import { describe, expect, it } from 'vitest';
import { createMemoryDedupeStore, createWebhookHandler } from '../../src/webhooks/index.js';
import { retainedBytesPerCall } from '../helpers/retention.js';
import { eventoBody } from './fixtures.js';

const BOUND = 48;

describe('the webhook handler retains nothing per notice', () => {
  it('handle(), unique notices, the in-memory dedupe store full', async () => {
    let handled = 0;
    let next = 0;
    const handler = createWebhookHandler({
      verify: () => true,
      dedupe: { store: createMemoryDedupeStore({ maxEntries: 100 }) },
      on: { 'pedido.criado': () => void handled++ },
    });
    const perCall = await retainedBytesPerCall(async () => expect((await handler.handle(eventoBody('pedido.criado', { id: `evt_${++next}` }))).status).toBe(200), { calls: 20_000 });
    expect(handled).toBe(next);
    expect(perCall).toBeLessThan(BOUND);
  });

  it('fetch(), a Request a framework hands over', async () => {
    let next = 0;
    const handler = createWebhookHandler({ verify: () => true, dedupe: { store: createMemoryDedupeStore({ maxEntries: 100 }) }, on: { 'pedido.criado': () => undefined } });
    const perCall = await retainedBytesPerCall(
      async () => {
        const response = await handler.fetch(new Request('https://parceiro.example.test/webhooks', { method: 'POST', body: eventoBody('pedido.criado', { id: `evt_${++next}` }) }));
        expect(response.status).toBe(200);
      },
      { calls: 20_000 },
    );
    expect(perCall).toBeLessThan(BOUND);
  });
});
