/**
 * Convergence on the testing kit's own fake (fixed seed): 1,000 random catalog changes through
 * `fake.catalog.changeAtRandom` (lotes included), the fake's notices delivered with 30% dropped and
 * some duplicated, delayed and reordered, straight into the mirror's webhook handlers. After one
 * follow run, the mirror equals the fake's catalog field for field.
 */
import { describe, expect, it } from 'vitest';
import { PartnerCommerce } from '../../src/index.js';
import { canonicalJson } from '../../src/internal/canonical-json.js';
import { createMemoryStore, createMirror } from '../../src/mirror/index.js';
import { createFakeApi } from '../../src/testing/index.js';
import { parseWebhook } from '../../src/webhooks/index.js';

describe('convergence on the fake (memory store)', { timeout: 120_000 }, () => {
  it('converges after 1,000 seeded changes with 30% of notices dropped, duplicated, delayed and reordered', async () => {
    let clock = Date.parse('2026-11-20T10:00:00-03:00');
    const mirrorRef: { apply?: (body: string) => Promise<void> } = {};
    const fake = createFakeApi({
      catalogSize: 120,
      rateLimit: false,
      now: () => new Date(clock),
      stockWebhookDelayMs: 0,
      webhookFaults: { drop: 0.3, duplicate: 0.15, delay: 0.2, reorder: 0.2, seed: 7 },
      onWebhook: async (_e, { body }) => {
        await mirrorRef.apply?.(body);
      },
    });
    const client = new PartnerCommerce({ token: 'svc_sbx_convergencia', baseUrl: 'https://sandbox.example.test', fetch: fake.fetch, rateLimit: false, logLevel: 'off' });
    const mirror = createMirror({ client, store: createMemoryStore() });
    await mirror.backfill();
    mirrorRef.apply = async (body) => void (await mirror.applyEvent(parseWebhook(body)));

    await fake.catalog.changeAtRandom(1000, {
      seed: 20261123,
      batches: 0.05,
      afterEach: () => {
        clock += 1_000;
      },
    });
    await fake.flushWebhooks();
    const faults = fake.webhooks.map((d) => d.fault).filter(Boolean);
    expect(faults.filter((f) => f === 'drop').length).toBeGreaterThan(50);

    clock += 60_000;
    await mirror.follow();

    const expected = fake.catalog.products();
    expect((await mirror.store.counts()).products).toBe(expected.length);
    for (const produto of expected) {
      const row = await mirror.store.produto(produto.sku);
      expect(canonicalJson(row?.produto), produto.sku).toBe(canonicalJson(produto));
    }
  });
});
