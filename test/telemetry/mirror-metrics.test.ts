import { describe, expect, it } from 'vitest';
import { InvalidInputError, PartnerCommerce } from '../../src/index.js';
import { createMemoryStore, createMirror } from '../../src/mirror/index.js';
import { createFakeApi } from '../../src/testing/index.js';
import { parseWebhook } from '../../src/webhooks/index.js';
import { injectDrift } from '../mirror/audit-fixtures.js';
import { tampering } from '../mirror/tamper.js';
import { inMemoryOtel } from './otel-setup.js';

describe('mirror metrics', () => {
  it('record changes applied by source, drift healed by a follow run, and the lag', async () => {
    const otel = inMemoryOtel();
    let clock = Date.parse('2026-11-20T10:00:00-03:00');
    const ref: { apply?: (body: string) => Promise<void> } = {};
    const fake = createFakeApi({ catalogSize: 10, rateLimit: false, now: () => new Date(clock), stockWebhookDelayMs: 0, onWebhook: async (_e, { body }) => ref.apply?.(body) });
    const client = new PartnerCommerce({ token: 'svc_sbx_mirror_metrics', baseUrl: 'https://sandbox.example.test', fetch: fake.fetch, rateLimit: false, logLevel: 'off' });
    const mirror = createMirror({ client, store: createMemoryStore(), telemetry: { meterProvider: otel.meterProvider } });
    await mirror.backfill();
    ref.apply = async (body) => void (await mirror.applyEvent(parseWebhook(body)));

    clock += 1_000;
    await fake.catalog.setStock('SKU-0001', fake.catalog.products()[0]!.numeracoes[0]!.numeracao, 91);
    await fake.flushWebhooks();
    // Two changes whose notices never arrive: the drift a follow heals.
    fake.setWebhookFaults({ drop: 1 });
    for (const sku of ['SKU-0002', 'SKU-0003']) {
      clock += 1_000;
      const produto = fake.catalog.products().find((p) => p.sku === sku)!;
      await fake.catalog.setStock(sku, produto.numeracoes[0]!.numeracao, 92);
    }
    await fake.flushWebhooks();
    clock += 60_000;
    const before = Date.now();
    const result = await mirror.follow();
    const after = Date.now();
    expect(result).toMatchObject({ kind: 'follow', applied: 2 });
    const marca = Date.parse((await mirror.status()).watermark!);

    const metrics = await otel.metrics();
    const applied = metrics.get('partner_commerce.mirror.changes_applied')!.dataPoints.map((p) => [p.attributes['partner_commerce.mirror.source'], p.value]);
    expect(applied.sort()).toEqual([
      ['backfill', 10],
      ['follow', 2],
      ['webhook', 1],
    ]);
    expect(metrics.get('partner_commerce.mirror.drift_healed')!.dataPoints.map((p) => p.value)).toEqual([2]);
    const lag = metrics.get('partner_commerce.mirror.lag')!;
    expect(lag.descriptor.unit).toBe('s');
    expect(lag.dataPoints).toHaveLength(1);
    // The last run's: now (taken after the follow) minus the high-water mark it left, in seconds.
    expect(lag.dataPoints[0]!.value).toBeGreaterThanOrEqual((before - marca) / 1000);
    expect(lag.dataPoints[0]!.value).toBeLessThanOrEqual((after - marca) / 1000);
    await otel.shutdown();
  });

  it('count the products set aside because the store cannot hold them, by source', async () => {
    const otel = inMemoryOtel();
    const fake = createFakeApi({ catalogSize: 10, rateLimit: false });
    const fetch = tampering(
      fake.fetch,
      (p) => (p.sku === 'SKU-0004' ? { ...p, titulo: 'com\u0000nulo' } : p),
      () => new Date(),
    );
    const client = new PartnerCommerce({ token: 'svc_sbx_mirror_metrics', baseUrl: 'https://sandbox.example.test', fetch, rateLimit: false, logLevel: 'off' });
    const mirror = createMirror({ client, store: createMemoryStore(), telemetry: { meterProvider: otel.meterProvider } });
    await mirror.backfill({ onWarning: () => undefined });
    const quarantined = (await otel.metrics()).get('partner_commerce.mirror.quarantined')!;
    expect(quarantined.dataPoints.map((p) => [p.attributes['partner_commerce.mirror.source'], p.value])).toEqual([['backfill', 1]]);
    await otel.shutdown();
  });

  it("the mirror's methods stay its class's own with telemetry on", async () => {
    const otel = inMemoryOtel();
    const fake = createFakeApi({ catalogSize: 2, rateLimit: false });
    const client = new PartnerCommerce({ token: 'svc_sbx_mirror_metrics', baseUrl: 'https://sandbox.example.test', fetch: fake.fetch, rateLimit: false, logLevel: 'off' });
    const mirror = createMirror({ client, store: createMemoryStore(), telemetry: { meterProvider: otel.meterProvider } });
    // Metrics come from an observer the mirror calls, not from methods replaced on the instance.
    expect(['follow', 'backfill', 'applyEvent'].filter((name) => Object.hasOwn(mirror, name))).toEqual([]);
    await mirror.backfill();
    const applied = (await otel.metrics()).get('partner_commerce.mirror.changes_applied')!;
    expect(applied.dataPoints.map((p) => [p.attributes['partner_commerce.mirror.source'], p.value])).toEqual([['backfill', 2]]);
    await otel.shutdown();
  });

  it('record the drift an audit found, by field, and its repairs as changes applied by source audit', async () => {
    const otel = inMemoryOtel();
    const fake = createFakeApi({ catalogSize: 10, rateLimit: false });
    const client = new PartnerCommerce({ token: 'svc_sbx_mirror_metrics', baseUrl: 'https://sandbox.example.test', fetch: fake.fetch, rateLimit: false, logLevel: 'off' });
    const mirror = createMirror({ client, store: createMemoryStore(), telemetry: { meterProvider: otel.meterProvider } });
    await mirror.backfill();
    // The four drifts in turn, titulo twice (the fifth sku starts them over).
    await injectDrift(mirror.store, ['SKU-0002', 'SKU-0005', 'SKU-0006', 'SKU-0007', 'SKU-0009']);
    await mirror.audit({ share: 1 });
    const metrics = await otel.metrics();
    const drift = metrics.get('partner_commerce.mirror.drift')!.dataPoints.map((p) => [p.attributes['partner_commerce.mirror.field'], p.value]);
    expect(drift.sort()).toEqual([
      ['ativo', 1],
      ['numeracoes', 1],
      ['precoAtacado', 1],
      ['titulo', 2],
    ]);
    const applied = metrics.get('partner_commerce.mirror.changes_applied')!.dataPoints.map((p) => [p.attributes['partner_commerce.mirror.source'], p.value]);
    expect(applied.sort()).toEqual([
      ['audit', 5],
      ['backfill', 10],
    ]);
    await otel.shutdown();
  });

  it('checks the option, naming the field', () => {
    const client = new PartnerCommerce({ token: 'svc_sbx_x', baseUrl: 'https://sandbox.example.test', fetch: createFakeApi().fetch, logLevel: 'off' });
    expect(() => createMirror({ client, store: createMemoryStore(), telemetry: { tracerProvider: {} } as never })).toThrow(InvalidInputError);
    expect(() => createMirror({ client, store: createMemoryStore(), telemetry: 1 as never })).toThrow(/telemetry: must be true, false or \{ meterProvider \}/);
  });
});
