/**
 * Deactivation and reactivation keep the product in the mirror with `ativo` as the API sent it — from a
 * single notice, from a `produto.lote` item, and from a follow run when the notice was lost — and each is
 * logged as its own change kind (`desativado`, `reativado`), never as a deletion.
 */
import { describe, expect, it } from 'vitest';
import { createMemoryStore, createMirror } from '../../src/mirror/index.js';
import { createFakeApi, type FakeWebhookEvent } from '../../src/testing/index.js';
import { parseWebhook } from '../../src/webhooks/index.js';
import { testClient } from '../helpers/client.js';

async function setup() {
  let clock = Date.parse('2026-11-20T10:00:00-03:00');
  const events: FakeWebhookEvent[] = [];
  const fake = createFakeApi({ catalogSize: 20, rateLimit: false, now: () => new Date(clock), onWebhook: (e) => void events.push(e) });
  const mirror = createMirror({ client: testClient(fake.fetch), store: createMemoryStore() });
  await mirror.backfill();
  const tick = () => void (clock += 1_000);
  const ativo = fake.catalog.products().find((p) => p.ativo)!.sku;
  return { fake, mirror, events, tick, ativo };
}

describe('deactivated and reactivated products', () => {
  it('stay in the mirror with ativo as sent, from single notices, logged as desativado then reativado', async () => {
    const { fake, mirror, events, tick, ativo } = await setup();
    tick();
    await fake.catalog.deactivate(ativo);
    await fake.flushWebhooks();
    const off = events.filter((e) => e.evento === 'produto.desativado').at(-1)!;
    expect(await mirror.applyEvent(parseWebhook(off))).toMatchObject({ applied: 1 });
    const desativado = (await mirror.product(ativo))!;
    expect(desativado.product.ativo).toBe(false);
    expect(desativado.active).toBe(false);
    // Kept, not inferred gone: the API said so.
    expect(desativado.missingSince).toBeNull();
    expect(await mirror.counts()).toMatchObject({ products: 20, missing: 0 });

    tick();
    await fake.catalog.reactivate(ativo);
    await fake.flushWebhooks();
    const on = events.filter((e) => e.evento === 'produto.reativado').at(-1)!;
    expect(await mirror.applyEvent(parseWebhook(on))).toMatchObject({ applied: 1 });
    expect((await mirror.product(ativo))!).toMatchObject({ active: true, missingSince: null, product: { ativo: true } });
    // A replay of the older deactivation cannot take it back.
    expect(await mirror.applyEvent(parseWebhook(off))).toMatchObject({ applied: 0, ignored: 1 });
    expect((await mirror.product(ativo))!.active).toBe(true);

    const log = (await mirror.changes.read(0, 1000)).filter((c) => c.sku === ativo);
    expect(log.map((c) => [c.kind, c.fields, c.evento])).toEqual([
      ['criado', expect.any(Array), null],
      ['desativado', ['ativo'], 'produto.desativado'],
      ['reativado', ['ativo'], 'produto.reativado'],
    ]);
  });

  it('stay with ativo as sent when the change arrives as a produto.lote item', async () => {
    const { fake, mirror, events, tick, ativo } = await setup();
    tick();
    await fake.catalog.batch((c) => void c.deactivate(ativo));
    await fake.flushWebhooks();
    const lote = events.filter((e) => e.evento === 'produto.lote').at(-1)!;
    expect(await mirror.applyEvent(parseWebhook(lote))).toMatchObject({ received: 1, applied: 1 });
    expect((await mirror.product(ativo))!).toMatchObject({ active: false, missingSince: null, product: { sku: ativo, ativo: false } });
    expect((await mirror.changes.read(0, 1000)).at(-1)).toMatchObject({ sku: ativo, kind: 'desativado', origin: 'webhook', evento: 'produto.desativado' });
  });

  it('stay with ativo as sent when the notice was lost and a follow run brings the change', async () => {
    const { fake, mirror, tick, ativo } = await setup();
    tick();
    await fake.catalog.deactivate(ativo);
    tick();
    expect(await mirror.follow()).toMatchObject({ kind: 'follow', applied: 1 });
    expect((await mirror.product(ativo))!).toMatchObject({ active: false, missingSince: null, product: { ativo: false } });
    tick();
    await fake.catalog.reactivate(ativo);
    tick();
    expect(await mirror.follow()).toMatchObject({ kind: 'follow', applied: 1 });
    expect((await mirror.product(ativo))!.active).toBe(true);
    const kinds = (await mirror.changes.read(0, 1000)).filter((c) => c.sku === ativo).map((c) => [c.kind, c.origin]);
    expect(kinds).toEqual([
      ['criado', 'backfill'],
      ['desativado', 'follow'],
      ['reativado', 'follow'],
    ]);
  });
});
