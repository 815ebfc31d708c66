/**
 * The drift audit: a silent drift of 1% written straight into the store (no change logged, timestamps
 * kept, so neither a follow nor a notice would ever see it) is found field by field and written back
 * from the API within an hour of simulated time, using at most 10% of a 60-a-minute budget, on every
 * store kind. Its options are refused with the field named before any call; two audits never overlap;
 * a product written while its page was in flight is left as it is.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvalidInputError, RateLimiter } from '../../src/index.js';
import { createMemoryStore, createMirror, type MirrorSource } from '../../src/mirror/index.js';
import type { PagePromise } from '../../src/pagination/page-promise.js';
import type { ProdutoResumo } from '../../src/models/produto.js';
import { createFakeApi } from '../../src/testing/index.js';
import { parseWebhook } from '../../src/webhooks/index.js';
import { testClient } from '../helpers/client.js';
import { onFakeClock } from '../helpers/fake-time.js';
import { busiestWindow, injectDrift, onePercent, timingLists } from './audit-fixtures.js';
import { storeKinds } from './stores.js';
import { tampering } from './tamper.js';

const MINUTE = 60_000;

for (const kind of storeKinds()) {
  describe.skipIf(kind.skip)(`the drift audit on the ${kind.name} store`, { timeout: 120_000 }, () => {
    beforeAll(() => kind.setup(), 120_000);
    afterAll(() => kind.teardown());

    it('finds and repairs a 1% silent drift in 800 products within an hour of simulated time, with at most 10% of 60 calls a minute', async () => {
      const fake = createFakeApi({ catalogSize: 800, rateLimit: false });
      const times: number[] = [];
      const client = testClient(timingLists(fake.fetch, times), { rateLimit: new RateLimiter({ perMinute: 60, windowMs: MINUTE }) });
      const mirror = createMirror({ client, store: await kind.fresh() });
      await mirror.backfill();
      const drifted = await injectDrift(mirror.store, onePercent(800));
      const positionBefore = await mirror.store.lastPosition();
      times.length = 0;

      const { result, elapsed } = await onFakeClock(async () => {
        const t0 = Date.now();
        const result = await mirror.audit({ share: 0.1 });
        return { result, elapsed: Date.now() - t0 };
      });

      expect(result).toMatchObject({ checked: 800, drifted: 8, repaired: 8, recent: 0, newer: 0, gone: 0, quarantined: 0, passFinished: true, passes: 1, share: 0.1 });
      expect(result.budget).toEqual({ limit: 60, windowMs: MINUTE, source: 'client' });
      expect(result.fields).toEqual({ titulo: 2, precoAtacado: 2, numeracoes: 2, ativo: 2 });
      // Every drifted product holds the API's state again, and its repair is in the change log.
      for (const [sku, { original }] of drifted) expect((await mirror.store.produto(sku))!.produto).toEqual(original);
      const changes = await mirror.store.changes(positionBefore, 100);
      expect(changes.map((c) => c.origin)).toEqual(Array(8).fill('audit'));
      expect(new Map(changes.map((c) => [c.sku, c.fields]))).toEqual(new Map([...drifted].map(([sku, d]) => [sku, [d.field]])));
      // 8 pages of 100 at one call every 10 s: a few minutes, and no 60 s ever held more than 6 calls.
      expect(result.calls).toBe(8);
      expect(times).toHaveLength(8);
      expect(elapsed).toBeLessThanOrEqual(60 * MINUTE);
      expect(busiestWindow(times, MINUTE)).toBeLessThanOrEqual(6);
      expect(result.calls).toBeLessThanOrEqual(Math.ceil(elapsed / MINUTE) * 6);

      const status = await mirror.status();
      expect(status.drift).toMatchObject({ checked: 800, drifted: 8, repaired: 8, calls: 8, passes: 1, fields: result.fields, finishedAt: result.finishedAt });

      // A second run starts a new pass, finds nothing, and its first call still waits for the pace.
      const lastCall = times.at(-1)!;
      times.length = 0;
      const again = await onFakeClock(() => mirror.audit({ share: 0.1, sample: 300 }));
      expect(again).toMatchObject({ checked: 300, drifted: 0, repaired: 0, calls: 3, passFinished: false, passes: 1 });
      expect(times[0]! - lastCall).toBeGreaterThanOrEqual(10_000);
      await mirror.close();
    });

    it('two audits sharing the store run one after the other, never interleaved', async () => {
      const fake = createFakeApi({ catalogSize: 400, rateLimit: false });
      const client = testClient(fake.fetch);
      const store = await kind.fresh();
      await createMirror({ client, store }).backfill();
      const calls: string[] = [];
      const tagged = (tag: string): MirrorSource => ({
        produtos: {
          listar: (params, options) => (calls.push(tag), client.produtos.listar(params, options)),
          obter: (sku, options) => client.produtos.obter(sku, options),
        },
      });
      const a = createMirror({ client: tagged('a'), store });
      const b = createMirror({ client: tagged('b'), store });
      const [ra, rb] = await onFakeClock(() => Promise.all([a.audit({ share: 1, sample: 200 }), b.audit({ share: 1, sample: 200 })]));
      expect(ra.calls + rb.calls).toBe(4);
      expect(['aabb', 'bbaa']).toContain(calls.join(''));
      // The second run went on where the first left the pass.
      expect(ra.checked + rb.checked).toBe(400);
      expect([ra.passFinished, rb.passFinished].sort()).toEqual([false, true]);
      await store.close();
    });

    it('leaves alone a product a notice wrote while its page was in flight', async () => {
      const fake = createFakeApi({ catalogSize: 150, rateLimit: false });
      const client = testClient(fake.fetch);
      const store = await kind.fresh();
      const mirror = createMirror({ client, store });
      await mirror.backfill();
      const stored = (await store.produto('SKU-0003'))!.produto;
      const later = { ...stored, titulo: 'Da notícia', atualizadoEm: new Date(Date.parse(stored.atualizadoEm) + 1000).toISOString() };
      const notice = parseWebhook({
        id: 'evt_durante',
        evento: 'produto.nome_alterado',
        criadoEm: later.atualizadoEm,
        ambiente: 'sandbox',
        integracao: { id: 'i', nome: 'n' },
        dados: { produto: later, anterior: { titulo: stored.titulo } },
      });
      let first = true;
      const source: MirrorSource = {
        produtos: {
          // The notice is applied after the first page's call left and before its answer is compared.
          listar: (params, options) => {
            const page = client.produtos.listar(params, options);
            const delayed = page.then(async (p) => {
              if (first) await mirror.applyEvent(notice);
              first = false;
              return p;
            });
            return delayed as unknown as PagePromise<ProdutoResumo>;
          },
          obter: (sku, options) => client.produtos.obter(sku, options),
        },
      };
      const auditing = createMirror({ client: source, store });
      const result = await onFakeClock(() => auditing.audit({ share: 1 }));
      expect(result).toMatchObject({ checked: 150, drifted: 0, recent: 1 });
      expect((await store.produto('SKU-0003'))!.produto.titulo).toBe('Da notícia');
      await store.close();
    });
  });
}

describe('the drift audit’s options', () => {
  it('a bad share, sample or schedule is refused with the field named, before any call', async () => {
    const fake = createFakeApi({ catalogSize: 10, rateLimit: false });
    const mirror = createMirror({ client: testClient(fake.fetch), store: createMemoryStore() });
    const pathsOf = async (options: unknown) => {
      const err = await mirror.audit(options as never).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(InvalidInputError);
      return (err as InvalidInputError).issues.map((i) => i.path).sort();
    };
    expect(await pathsOf({ share: 0 })).toEqual(['share']);
    expect(await pathsOf({ share: 1.5 })).toEqual(['share']);
    expect(await pathsOf({ share: '0.1' })).toEqual(['share']);
    expect(await pathsOf({ share: Number.NaN, sample: 0 })).toEqual(['sample', 'share']);
    expect(await pathsOf({ sample: 2.5 })).toEqual(['sample']);
    expect(await pathsOf({ parte: 0.1 })).toEqual(['parte']);
    expect(() => mirror.start({ audit: { share: 2, everyMs: -1 } })).toThrow(InvalidInputError);
    try {
      mirror.start({ audit: { share: 2, everyMs: -1 } });
    } catch (err) {
      expect((err as InvalidInputError).issues.map((i) => i.path).sort()).toEqual(['audit.everyMs', 'audit.share']);
    }
    expect(() => mirror.start({ audit: 'sim' as never })).toThrow(/audit/);
    expect(fake.requests).toHaveLength(0);
    await mirror.close();
  });

  it("paces itself by the server's rate headers once they told a limit, else by the client's limiter, else by the spec's 60 a minute", async () => {
    const fake = createFakeApi({ catalogSize: 100, rateLimit: { perMinute: 30, windowMs: MINUTE } });
    const limited = createMirror({ client: testClient(fake.fetch, { rateLimit: new RateLimiter({ perMinute: 60, windowMs: MINUTE }) }), store: createMemoryStore() });
    await limited.backfill();
    expect((await limited.audit({ share: 1 })).budget).toEqual({ limit: 30, windowMs: MINUTE, source: 'server' });
    const fresh = createMirror({ client: testClient(fake.fetch, { rateLimit: new RateLimiter({ perMinute: 20, windowMs: 30_000 }) }), store: createMemoryStore() });
    expect((await fresh.audit({ share: 1 })).budget).toEqual({ limit: 20, windowMs: 30_000, source: 'client' });
    const unlimited = createMirror({ client: testClient(fake.fetch), store: createMemoryStore() });
    expect((await unlimited.audit({ share: 1 })).budget).toEqual({ limit: 60, windowMs: MINUTE, source: 'spec' });
  });

  it('counts products the list skips over as gone, marking nothing (the full scan does)', async () => {
    const fake = createFakeApi({ catalogSize: 250, rateLimit: false });
    let hidden = new Set<string>();
    const mirror = createMirror({ client: testClient(tampering(fake.fetch, (p) => (hidden.has(p.sku) ? undefined : p))), store: createMemoryStore() });
    await mirror.backfill();
    // One inside a page, one at the end of the last.
    hidden = new Set(['SKU-0050', 'SKU-0250']);
    const result = await onFakeClock(() => mirror.audit({ share: 1 }));
    expect(result).toMatchObject({ checked: 248, drifted: 0, gone: 2, calls: 3, passFinished: true });
    expect((await mirror.product('SKU-0050'))!.missingSince).toBeNull();
  });

  it('starts the pass over when the server refuses its saved cursor, once, with a warning', async () => {
    const fake = createFakeApi({ catalogSize: 250, rateLimit: false });
    const mirror = createMirror({ client: testClient(fake.fetch), store: createMemoryStore() });
    await mirror.backfill();
    await onFakeClock(() => mirror.audit({ share: 1, sample: 100 }));
    const pass = (await mirror.store.state<{ cursor: string }>('audit_pass'))!;
    await mirror.store.transaction((tx) => tx.setState('audit_pass', { ...pass, cursor: `${pass.cursor}x` }));
    const warnings: string[] = [];
    const result = await onFakeClock(() => mirror.audit({ share: 1, onWarning: (w) => void warnings.push(w.kind) }));
    expect(warnings).toEqual(['audit-restart']);
    // The refused call counts: 1 + the 3 pages of a pass from the start.
    expect(result).toMatchObject({ checked: 250, calls: 4, passFinished: true, passes: 1 });
  });

  it('a failed call still sets the pace: the next run waits before its first call', async () => {
    const fake = createFakeApi({ catalogSize: 150, rateLimit: false });
    const times: number[] = [];
    const mirror = createMirror({ client: testClient(timingLists(fake.fetch, times), { maxRetries: 0 }), store: createMemoryStore() });
    await mirror.backfill();
    times.length = 0;
    fake.inject('GET /v1/produtos', [{ status: 500 }]);
    await onFakeClock(async () => {
      await expect(mirror.audit({ share: 0.1 })).rejects.toMatchObject({ status: 500 });
      await mirror.audit({ share: 0.1 });
    });
    // The refused call, then the two pages of the second run, each 10 s apart at least.
    expect(times).toHaveLength(3);
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(10_000);
  });

  it('start({ audit: true }) runs the audit in a loop of its own beside the follows: a drift injected after a pass is repaired within the hour; stop() ends both', async () => {
    const fake = createFakeApi({ catalogSize: 800, rateLimit: false });
    const mirror = createMirror({ client: testClient(fake.fetch), store: createMemoryStore() });
    await mirror.backfill();
    const errors: unknown[] = [];
    const passes = async () => (await mirror.status()).drift?.passes ?? 0;
    const { drifted, tookMs } = await onFakeClock(async () => {
      const stop = mirror.start({ intervalMs: MINUTE, onError: (e) => errors.push(e), audit: true });
      // Waits on the fake clock: each turn moves it to the next timer (a follow's or an audit call's).
      const tick = () => new Promise((r) => setTimeout(r, 10_000));
      while ((await passes()) < 1) await tick();
      // Just after a pass went over every product: the worst moment for a drift to appear.
      const drifted = await injectDrift(mirror.store, onePercent(800));
      const t0 = Date.now();
      const repaired = async () => {
        for (const [sku, { original }] of drifted) if (JSON.stringify((await mirror.store.produto(sku))!.produto) !== JSON.stringify(original)) return false;
        return true;
      };
      while (!(await repaired())) await tick();
      const tookMs = Date.now() - t0;
      await stop();
      return { drifted, tookMs };
    });
    expect(errors).toEqual([]);
    // The default: 30 minutes between runs, then a pass of 8 calls 10 s apart.
    expect(tookMs).toBeLessThanOrEqual(60 * MINUTE);
    const status = await mirror.status();
    expect(status.drift).toMatchObject({ passes: 2, drifted: 8, repaired: 8 });
    expect(status.lastFollow).not.toBeNull();
    const audits = (await mirror.store.changes(0, 100_000)).filter((c) => c.origin === 'audit');
    expect(audits.map((c) => c.sku).sort()).toEqual([...drifted.keys()].sort());
    await mirror.close();
  });
});
