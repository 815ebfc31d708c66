/**
 * A clock far off never pins state: a notice stamped in 2099 must not hold its title against every
 * later scan nor escape being marked gone; one answer whose Date header is ten years ahead must not
 * move the high-water mark, or every later follow would ask for changes since then and miss them all.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMirror, type MirrorWarning } from '../../src/mirror/index.js';
import { createFakeApi, type FakeWebhookEvent } from '../../src/testing/index.js';
import { parseWebhook } from '../../src/webhooks/index.js';
import { testClient } from '../helpers/client.js';
import { storeKinds } from './stores.js';
import { stockNotice } from './stock-notice.js';
import { tampering } from './tamper.js';

const TEN_YEARS_MS = 10 * 365 * 24 * 3600 * 1000;

for (const kind of storeKinds().filter((k) => k.name !== 'postgres')) {
  describe.skipIf(kind.skip !== undefined)(`a clock far off, on the ${kind.name} store`, { timeout: 60_000 }, () => {
    beforeAll(() => kind.setup(), 120_000);
    afterAll(() => kind.teardown());

    it('a notice stamped 2099 is replaced by what a later follow and full scan list, and a full scan that no longer lists it marks it gone', async () => {
      const events: FakeWebhookEvent[] = [];
      const fake = createFakeApi({ catalogSize: 30, rateLimit: false, stockWebhookDelayMs: 0, onWebhook: (e) => void events.push(e) });
      let hidden: string | undefined;
      const client = testClient(
        tampering(
          fake.fetch,
          (p) => (p.sku === hidden ? undefined : p),
          () => new Date(),
        ),
      );
      const mirror = createMirror({ client, store: await kind.fresh() });
      await mirror.backfill();
      const notice = await stockNotice(client, fake, events, 'SKU-0003', 9);
      const produto = notice.dados.produto;
      const from2099 = parseWebhook({ ...notice, dados: { produto: { ...produto, titulo: 'Do futuro', precoAtacado: '1.00', atualizadoEm: '2099-01-01T00:00:00.000-03:00' } } });
      expect(await mirror.applyEvent(from2099)).toMatchObject({ applied: 1 });
      expect((await mirror.product('SKU-0003'))!.product.titulo).toBe('Do futuro');

      // The API changes the product: the follow lists it, and its state replaces the one stamped 2099.
      await fake.catalog.changeTitle('SKU-0003', 'Título do servidor');
      expect(await mirror.follow()).toMatchObject({ kind: 'follow', applied: 1 });
      expect((await mirror.product('SKU-0003'))!.product.titulo).toBe('Título do servidor');

      // Again from 2099; a full scan lists the API's state: the truth for that product, whatever the stamps.
      expect(await mirror.applyEvent(from2099)).toMatchObject({ applied: 1 });
      await mirror.backfill();
      const api = await client.produtos.obter('SKU-0003');
      expect((await mirror.product('SKU-0003'))!.product.titulo).toBe(api.titulo);
      expect((await mirror.product('SKU-0003'))!.product.precoAtacado.toString()).toBe(api.precoAtacado.toString());

      // Stamped 2099 once more, then gone from the listing: the sweep marks it, the far stamp notwithstanding.
      expect(await mirror.applyEvent(from2099)).toMatchObject({ applied: 1 });
      hidden = 'SKU-0003';
      expect(await mirror.backfill()).toMatchObject({ missing: 1 });
      expect((await mirror.product('SKU-0003'))!.missingSince).not.toBeNull();
    });

    it('one answer whose Date is ten years ahead moves no mark: the jump is logged and shown, and later follows still see changes', async () => {
      const fake = createFakeApi({ catalogSize: 30, rateLimit: false });
      let offsetMs = 0;
      const client = testClient(
        tampering(
          fake.fetch,
          (p) => p,
          () => new Date(Date.now() + offsetMs),
        ),
      );
      const mirror = createMirror({ client, store: await kind.fresh() });
      await mirror.backfill();
      const before = Date.parse((await mirror.status()).watermark!);
      const warnings: MirrorWarning[] = [];
      offsetMs = TEN_YEARS_MS;
      expect(await mirror.follow({ onWarning: (w) => void warnings.push(w) })).toMatchObject({ kind: 'follow', calls: 1 });
      offsetMs = 0;
      expect(warnings.map((w) => w.kind)).toEqual(['clock-jump']);
      expect(warnings[0]!.message).toContain('ahead');
      const status = await mirror.status();
      expect(Date.parse(status.watermark!)).toBeLessThan(before + TEN_YEARS_MS / 2);
      expect(status.serverClockJump!.offsetMs).toBeGreaterThan(TEN_YEARS_MS / 2);

      await fake.catalog.changeTitle('SKU-0007', 'Mudou depois do salto');
      const after = await mirror.follow({ onWarning: (w) => void warnings.push(w) });
      expect(after).toMatchObject({ kind: 'follow', applied: 1 });
      expect(Date.parse((after as { since: string }).since)).toBeLessThan(before + TEN_YEARS_MS / 2);
      expect((await mirror.product('SKU-0007'))!.product.titulo).toBe('Mudou depois do salto');
      expect(warnings).toHaveLength(1);
    });

    it("dates a scan by its first answer only: a later page's Date would skip changes made while the scan ran", async () => {
      let clock = Date.parse('2026-11-20T10:00:00.000-03:00');
      const fake = createFakeApi({ catalogSize: 250, rateLimit: false, now: () => new Date(clock) });
      let requests = 0;
      // The first two answers carry no Date (the second is fetched ahead, before the change below).
      const fetch: typeof globalThis.fetch = async (input, init) => {
        const response = await fake.fetch(input, init);
        const headers = new Headers(response.headers);
        if (++requests <= 2) headers.delete('date');
        else headers.set('date', new Date(clock).toUTCString());
        return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
      };
      const mirror = createMirror({ client: testClient(fetch), store: await kind.fresh() });
      await mirror.backfill({
        onPage: async (e) => {
          if (e.pages !== 1) return;
          // While the scan runs: a product already listed changes, then five minutes pass before page 3.
          clock += 60_000;
          await fake.catalog.changeTitle('SKU-0001', 'Mudou durante a varredura');
          clock += 240_000;
        },
      });
      expect(await mirror.follow()).toMatchObject({ kind: 'follow', applied: 1 });
      expect((await mirror.product('SKU-0001'))!.product.titulo).toBe('Mudou durante a varredura');
    });
  });
}
