import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeApi, type FakeApiOptions, type FakeWebhookEvent } from '../../src/testing/index.js';
import { compareProducts, isProductEvent, parseWebhook, shouldApply } from '../../src/webhooks/index.js';
import { get } from './helpers.js';

/** A fake with TOKEN known (so it hears product notices), recording what its receiver got. */
async function setup(options: FakeApiOptions = {}) {
  const received: FakeWebhookEvent[] = [];
  const fake = createFakeApi({ catalogSize: 20, rateLimit: false, onWebhook: (e) => void received.push(e), ...options });
  await get(fake, '/v1/conta');
  return { fake, received };
}

/** `n` title changes over the catalog, one notice each. */
async function titulos(fake: Awaited<ReturnType<typeof setup>>['fake'], n: number, prefix = 't') {
  const skus = fake.catalog.products().map((p) => p.sku);
  for (let i = 0; i < n; i++) await fake.catalog.changeTitle(skus[i % skus.length]!, `${prefix}${i}`);
}

describe('webhook delivery faults of the fake', () => {
  afterEach(() => void vi.useRealTimers());

  it('change nothing when off (the default): every notice once, in order, with no fault mark', async () => {
    const { fake, received } = await setup();
    await titulos(fake, 5);
    expect(received).toHaveLength(5);
    expect(fake.webhooks.every((d) => d.fault === undefined)).toBe(true);
  });

  it('drop: the notice is recorded as dropped and never reaches the receiver, not even on flush', async () => {
    const { fake, received } = await setup({ webhookFaults: { drop: 1 } });
    await titulos(fake, 3);
    await fake.flushWebhooks();
    expect(received).toEqual([]);
    expect(fake.webhooks.map((d) => d.fault)).toEqual(['drop', 'drop', 'drop']);
  });

  it('duplicate: delivered now, and again with the same id and body after delayMs', async () => {
    vi.useFakeTimers();
    const { fake, received } = await setup({ webhookFaults: { duplicate: 1, delayMs: 5_000 } });
    await titulos(fake, 2);
    expect(received).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(received).toHaveLength(4);
    expect(received.slice(2)).toEqual(received.slice(0, 2));
    expect(fake.webhooks.map((d) => d.fault)).toEqual([undefined, undefined, 'duplicate', 'duplicate']);
  });

  it('delay: held back delayMs on the fake timers, or until flushWebhooks', async () => {
    vi.useFakeTimers();
    const { fake, received } = await setup({ webhookFaults: { delay: 1, delayMs: 10_000 } });
    await titulos(fake, 1);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(received).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(received).toHaveLength(1);
    await titulos(fake, 1, 'u');
    expect(received).toHaveLength(1);
    await fake.flushWebhooks();
    expect(received).toHaveLength(2);
    expect(fake.webhooks.map((d) => d.fault)).toEqual(['delay', 'delay']);
  });

  it('reorder: held until the next notice to the same token has gone, so the older arrives after the newer', async () => {
    const { fake, received } = await setup({ webhookFaults: { reorder: 1 } });
    await fake.catalog.changeTitle('SKU-0001', 'primeiro');
    expect(received).toEqual([]);
    fake.setWebhookFaults(undefined);
    await fake.catalog.changeTitle('SKU-0001', 'segundo');
    expect(
      received
        .map((e) => parseWebhook(JSON.stringify(e)))
        .filter(isProductEvent)
        .map((e) => e.dados.produto.titulo),
    ).toEqual(['segundo', 'primeiro']);
    expect(fake.webhooks.map((d) => d.fault)).toEqual([undefined, 'reorder']);
  });

  it('draw the same fates from the same seed, and other fates from another seed', async () => {
    const faults = { drop: 0.3, duplicate: 0.2, delay: 0.2, reorder: 0.2 };
    const run = async (seed: number) => {
      const { fake } = await setup({ webhookFaults: { ...faults, seed } });
      await titulos(fake, 60);
      await fake.flushWebhooks();
      return fake.webhooks.map((d) => `${(d.event.dados as { produto: { titulo: string } }).produto.titulo}:${d.fault ?? '-'}`);
    };
    const a = await run(7);
    expect(await run(7)).toEqual(a);
    expect(await run(8)).not.toEqual(a);
    const drops = a.filter((x) => x.endsWith(':drop')).length;
    // 30% of 60 by the seeded draws: checked loosely so a change of generator does not break it.
    expect(drops).toBeGreaterThan(8);
    expect(drops).toBeLessThan(28);
  });

  it('leave a receiver that compares atualizadoEm converged on every product whose notices were not all dropped', async () => {
    let t = Date.parse('2024-05-10T12:00:00-03:00');
    const store = new Map<string, { atualizadoEm: string }>();
    const { fake } = await setup({
      now: () => new Date(t),
      webhookFaults: { drop: 0.3, duplicate: 0.3, delay: 0.3, reorder: 0.3, seed: 'convergencia' },
      onWebhook: (e) => {
        if (!isProductEvent(e)) return;
        const produto = e.dados.produto;
        if (shouldApply(compareProducts(produto, store.get(produto.sku)))) store.set(produto.sku, produto);
      },
    });
    const skus = fake.catalog.products().map((p) => p.sku);
    for (let i = 0; i < 200; i++) {
      t += 1000;
      await fake.catalog.changeTitle(skus[(i * 7) % skus.length]!, `v${i}`);
    }
    await fake.flushWebhooks();
    // Where the newest notice of a product got through (delivered, whatever the order), the receiver
    // holds exactly the fake's product.
    const newest = new Map<string, { at: number; delivered: boolean }>();
    for (const d of fake.webhooks) {
      if (!isProductEvent(d.event)) continue;
      const { sku, atualizadoEm } = d.event.dados.produto;
      const at = Date.parse(atualizadoEm);
      const seen = newest.get(sku);
      if (!seen || at > seen.at) newest.set(sku, { at, delivered: d.fault !== 'drop' });
      else if (at === seen.at && d.fault !== 'drop') seen.delivered = true;
    }
    let checked = 0;
    for (const [sku, { delivered }] of newest) {
      if (!delivered) continue;
      checked++;
      expect(store.get(sku)).toEqual(fake.catalog.product(sku));
    }
    expect(checked).toBeGreaterThan(5);
  });

  it('refuse malformed faults, at creation and later, naming the field', async () => {
    expect(() => createFakeApi({ webhookFaults: { drop: 1.5 } })).toThrow(/webhookFaults\.drop: must be a probability from 0 to 1/);
    expect(() => createFakeApi({ webhookFaults: { delayMs: -1 } })).toThrow(/webhookFaults\.delayMs/);
    expect(() => createFakeApi({ webhookFaults: { seed: {} as never } })).toThrow(/webhookFaults\.seed/);
    const fake = createFakeApi();
    expect(() => fake.setWebhookFaults({ reorder: Number.NaN })).toThrow(/setWebhookFaults\.reorder/);
  });
});
