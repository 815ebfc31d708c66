// A partner's catalog mirror written against 0.1: backfill into the memory store, then the reads it
// offered by their 0.1 names.
import { PartnerCommerce } from 'partner-commerce';
import { createMemoryStore, createMirror } from 'partner-commerce/mirror';
import { createFakeApi } from 'partner-commerce/testing';

const fake = createFakeApi({ catalogSize: 25, rateLimit: false });
const client = new PartnerCommerce({ token: 'svc_sbx_compat', baseUrl: 'https://sandbox.example.test', fetch: fake.fetch, rateLimit: false });
const mirror = createMirror({ client, store: createMemoryStore() });
await mirror.backfill();
const counts = await mirror.contagens();
const sku = fake.catalog.skus()[0] ?? '';
const item = await mirror.produto(sku);
const variacao = item?.produto.numeracoes?.[0]?.skuVariacao ?? sku;
const stock = await mirror.estoque(variacao);
const changed = await mirror.alteradosDesde(0);
if (item === undefined || changed.length !== 25) throw new Error(`unexpected mirror: ${JSON.stringify({ item: !!item, changed: changed.length })}`);
await mirror.close();
console.log(`mirror: ${JSON.stringify(counts).length > 2}, stock of ${variacao}: ${JSON.stringify(stock).length > 0}, changed ${changed.length}`);
