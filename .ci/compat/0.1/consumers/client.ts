// A partner's script written against 0.1: the client and its resources over the testing kit's fake,
// errors caught by class. No network: the fake answers every call.
import { ApiError, PartnerCommerce, PartnerCommerceError } from 'partner-commerce';
import { createFakeApi } from 'partner-commerce/testing';

const fake = createFakeApi({ catalogSize: 30, rateLimit: false });
const client = new PartnerCommerce({ token: 'svc_sbx_compat', baseUrl: 'https://sandbox.example.test', fetch: fake.fetch, rateLimit: false });

const page = await client.produtos.listar({ limite: 10 });
if (page.dados.length !== 10) throw new Error(`expected 10 products, got ${page.dados.length}`);
let total = 0;
for await (const produto of client.produtos.listar({ limite: 10 })) total += produto.sku ? 1 : 0;
if (total !== 30) throw new Error(`expected 30 products, got ${total}`);
const sku = page.dados[0]?.sku ?? '';
const produto = await client.produtos.obter(sku);
if (produto.sku !== sku) throw new Error('obter returned another product');
try {
  await client.produtos.obter('NAO-EXISTE');
  throw new Error('expected a 404');
} catch (e) {
  if (!(e instanceof ApiError) || !(e instanceof PartnerCommerceError)) throw e;
  console.log(`client: ${total} products; missing product -> ${e.status} ${e.codigo}`);
}
