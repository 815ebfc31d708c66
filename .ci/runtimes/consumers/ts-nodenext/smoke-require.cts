// TypeScript consumer, moduleResolution NodeNext, CommonJS (.cts): types from the `require`
// conditions (dist/*.d.cts). Type-checked only; cjs/smoke.cjs runs the CommonJS build.
import sdk = require('partner-commerce');
import webhooks = require('partner-commerce/webhooks');
import testing = require('partner-commerce/testing');

async function requireSide(): Promise<string> {
  const fake: testing.FakeApi = testing.createFakeApi();
  const client = new sdk.PartnerCommerce({ token: 'svc_sbx_x', baseUrl: 'http://127.0.0.1:1', fetch: fake.fetch });
  const produto: sdk.Produtos.Produto = await client.produtos.obter('SKU-0001');
  const preco: sdk.Money = produto.precoAtacado;
  const handler = webhooks.createWebhookHandler({
    verify: (raw: Uint8Array, headers: Headers) => raw.byteLength > 0 && headers.has('x-assinatura'),
    on: { 'pedido.criado': (e: webhooks.EventoDe<'pedido.criado'>) => e.dados.pedido.total },
  });
  const res: Response = await handler.fetch(new Request('http://x/'));
  // The CJS declarations describe the same Money class for both entries.
  const same: sdk.Money = new webhooks.Money('1.00');
  return `${preco} ${same} ${res.status} ${sdk.ApiError.name}`;
}
void requireSide;
