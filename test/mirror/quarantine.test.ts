/**
 * One product the store cannot hold never stops the others: a NUL character, a lone surrogate, a stock
 * beyond the stock column's range and one skuVariacao listed twice would each fail the whole page's
 * transaction on the SQL stores, on every run, and the same state as a notice would fail on every
 * redelivery.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMirror, type ApplyResult } from '../../src/mirror/index.js';
import { createFakeApi, type FakeWebhookEvent } from '../../src/testing/index.js';
import { parseWebhook } from '../../src/webhooks/index.js';
import { testClient } from '../helpers/client.js';
import { storeKinds } from './stores.js';
import { stockNotice } from './stock-notice.js';
import { tampering } from './tamper.js';

type Sizes = Array<{ numeracao: string; skuVariacao: string; estoque: number }>;

/** The four hostile products, by sku, and the field each should be quarantined for. */
const HOSTILE: Record<string, { field: string; edit: (p: Record<string, unknown>) => Record<string, unknown> }> = {
  'SKU-0005': { field: 'titulo', edit: (p) => ({ ...p, titulo: 'Tênis\u0000Nulo' }) },
  'SKU-0010': { field: 'tags[0].nome', edit: (p) => ({ ...p, tags: [{ id: 't1', nome: 'meio \ud800 par' }] }) },
  'SKU-0020': { field: 'numeracoes[0].estoque', edit: (p) => ({ ...p, numeracoes: (p.numeracoes as Sizes).map((n, i) => (i === 0 ? { ...n, estoque: 3_000_000_000 } : n)) }) },
  'SKU-0030': { field: 'numeracoes[1].skuVariacao', edit: (p) => ({ ...p, numeracoes: [(p.numeracoes as Sizes)[0]!, (p.numeracoes as Sizes)[0]!] }) },
};

for (const kind of storeKinds()) {
  describe.skipIf(kind.skip)(`one bad product on the ${kind.name} store`, { timeout: 60_000 }, () => {
    beforeAll(() => kind.setup(), 120_000);
    afterAll(() => kind.teardown());

    it('is set aside with its field and reason while the other products of its page are stored; stored once the API sends it right', async () => {
      const fake = createFakeApi({ catalogSize: 150, rateLimit: false });
      let hostile = true;
      const client = testClient(
        tampering(
          fake.fetch,
          (p) => (hostile && HOSTILE[p.sku] ? (HOSTILE[p.sku]!.edit(p) as typeof p) : p),
          () => new Date(),
        ),
      );
      const mirror = createMirror({ client, store: await kind.fresh() });
      const warnings: string[] = [];
      const result = await mirror.backfill({ onWarning: (w) => void warnings.push(w.kind) });
      expect(result).toMatchObject({ pages: 2, applied: 146, quarantined: 4 });
      const status = await mirror.status();
      expect(status.counts.products).toBe(146);
      expect(status.quarantine.count).toBe(4);
      expect(status.quarantine.products.map((q) => [q.sku, q.field, q.origin])).toEqual(Object.entries(HOSTILE).map(([sku, h]) => [sku, h.field, 'backfill']));
      expect(status.quarantine.products.find((q) => q.sku === 'SKU-0020')!.reason).toContain('3000000000');
      expect(warnings).toContain('quarantine');
      expect(await mirror.product('SKU-0005')).toBeUndefined();
      expect((await mirror.product('SKU-0006'))!.product.sku).toBe('SKU-0006');

      // The next scan lists them in a storable form: stored, and out of the quarantine.
      hostile = false;
      expect(await mirror.backfill()).toMatchObject({ generation: 2, quarantined: 0, missing: 0 });
      expect((await mirror.status()).quarantine.count).toBe(0);
      expect((await mirror.counts()).products).toBe(150);
    });

    it('as a notice, is handled (set aside, the notice acknowledged), not failed on every redelivery; a lote stores its other items', async () => {
      const events: FakeWebhookEvent[] = [];
      const fake = createFakeApi({ catalogSize: 10, rateLimit: false, stockWebhookDelayMs: 0, onWebhook: (e) => void events.push(e) });
      const client = testClient(
        tampering(
          fake.fetch,
          (p) => p,
          () => new Date(),
        ),
      );
      const mirror = createMirror({ client, store: await kind.fresh() });
      await mirror.backfill();
      const notice = await stockNotice(client, fake, events, 'SKU-0003', 4);
      const produto = notice.dados.produto;
      const bad = { ...produto, titulo: 'Tênis\u0000Nulo' };
      const single = parseWebhook({ ...notice, dados: { produto: bad } });
      const handler = mirror.webhookHandlers()['produto.estoque_atualizado']!;
      // Redelivered three times: handled each time (a throw here is a 500 and another redelivery).
      for (let i = 0; i < 3; i++) await expect((handler as (e: unknown) => Promise<unknown>)(single)).resolves.toBeUndefined();
      expect((await mirror.status()).quarantine.products).toMatchObject([{ sku: 'SKU-0003', field: 'titulo', origin: 'webhook' }]);
      const lote = parseWebhook({
        ...notice,
        id: 'evt_lote_bad',
        evento: 'produto.lote',
        dados: {
          total: 2,
          itens: [
            { evento: 'produto.estoque_atualizado', produto: bad },
            { evento: 'produto.criado', produto: { ...produto, sku: 'NOVO-1', numeracoes: [] } },
          ],
        },
      });
      const applied: ApplyResult = await mirror.applyEvent(lote);
      expect(applied).toMatchObject({ received: 2, applied: 1, quarantined: 1 });
      expect((await mirror.product('NOVO-1'))!.product.sku).toBe('NOVO-1');
      // The good state of SKU-0003 it held stays.
      expect((await mirror.product('SKU-0003'))!.product.titulo).toBe(produto.titulo);
    });
  });
}
