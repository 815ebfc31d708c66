import type { PartnerCommerce } from '../../src/index.js';
import type { FakeApi, FakeWebhookEvent } from '../../src/testing/index.js';

type Item = Record<string, unknown> & { sku: string };

/** A stock notice as plain JSON, ready to be edited into the notice a hostile sender would send. */
export type StockNotice = Record<string, unknown> & { id: string; evento: string; dados: { produto: Item } };

/**
 * Sets the first size of `sku` to `estoque` through the sandbox, lets the fake send its notices into
 * `events`, and returns the stock notice it sent, as a plain JSON copy.
 */
export async function stockNotice(client: PartnerCommerce, fake: FakeApi, events: readonly FakeWebhookEvent[], sku: string, estoque: number): Promise<StockNotice> {
  const size = (await client.produtos.obter(sku)).numeracoes[0]!;
  await client.sandbox.produtos.definirEstoque(sku, { numeracao: size.numeracao, estoque });
  await fake.flushWebhooks();
  return JSON.parse(JSON.stringify(events.find((e) => e.evento === 'produto.estoque_atualizado')!)) as StockNotice;
}
