import { createMirror, type Mirror, type MirrorStore } from '../../src/mirror/index.js';
import { createFakeApi } from '../../src/testing/index.js';
import { parseWebhook, type EventoWebhook } from '../../src/webhooks/index.js';
import { testClient } from '../helpers/client.js';
import { produto } from './fixtures.js';

/** A mirror over `store` whose client is a fake nobody calls: the tests write through notices. */
export function feedMirror(store: MirrorStore): Mirror {
  return createMirror({ client: testClient(createFakeApi({ rateLimit: false }).fetch), store });
}

let lotes = 0;
/** A `produto.lote` of these skus, stamped `at` seconds after a fixed moment (later stamps win). */
export function loteOf(skus: readonly string[], at: number, overrides: Record<string, unknown> = {}): EventoWebhook {
  return parseWebhook({
    id: `evt_feed_${++lotes}`,
    evento: 'produto.lote',
    criadoEm: '2026-11-01T12:00:00.000Z',
    ambiente: 'sandbox',
    integracao: { id: 'int_1', nome: 'Loja' },
    dados: { total: skus.length, itens: skus.map((sku) => ({ evento: 'produto.criado', produto: produto(sku, at, overrides) })) },
  });
}

/** `n` skus, `FEED-0000`…, in sku order. */
export const skus = (n: number, prefix = 'FEED'): string[] => Array.from({ length: n }, (_, i) => `${prefix}-${String(i).padStart(4, '0')}`);

/** GET the feed with these query parameters (and headers). */
export function getFeed(url: string, query: Record<string, string>, headers: Record<string, string> = {}): Promise<Response> {
  const target = new URL(url);
  for (const [k, v] of Object.entries(query)) target.searchParams.set(k, v);
  return fetch(target, { headers });
}
