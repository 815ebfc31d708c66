/**
 * A first tour of partner-commerce against the in-memory fake of the sandbox, served on a
 * loopback port: no credentials needed. Run with `npm run demo`.
 *
 * Set PARTNER_COMMERCE_TOKEN and PARTNER_COMMERCE_BASE_URL to run the same tour against the real
 * sandbox instead.
 */
import { ApiError, PartnerCommerce } from 'partner-commerce';
import { createFakeApi } from 'partner-commerce/testing';

const real = Boolean(process.env.PARTNER_COMMERCE_TOKEN && process.env.PARTNER_COMMERCE_BASE_URL);
const fake = real ? undefined : createFakeApi({ catalogSize: 120 });
const server = await fake?.listen();

const client = real
  ? new PartnerCommerce()
  : new PartnerCommerce({ token: 'svc_sbx_demo_local', baseUrl: server!.url, retryDelayMs: 200 });
console.log(`→ ${real ? 'real sandbox' : `fake sandbox on ${server!.url}`} (${client.environment})`);

try {
  const page = await client.produtos.listar({ limite: 5 });
  console.log(`✓ first page: ${page.dados.map((p) => p.sku).join(', ')} (more: ${page.temMais})`);

  let total = 0;
  let pages = 0;
  for await (const p of client.produtos.listar({ limite: 50 }).paginas()) {
    pages++;
    total += p.dados.length;
  }
  console.log(`✓ whole catalog: ${total} products in ${pages} pages`);

  const since = new Date(Date.now() - 7 * 24 * 3600 * 1000);
  let changed = 0;
  for await (const _ of client.produtos.listar({ limite: 100, atualizadoDesde: since })) changed++;
  console.log(`✓ changed in the last 7 days: ${changed}`);

  const sku = page.dados[0]!.sku;
  const produto = await client.produtos.obter(sku);
  console.log(`✓ ${produto.sku} "${produto.titulo}": atacado R$ ${produto.precoAtacado}, sugerido R$ ${produto.precoSugerido}, margem R$ ${produto.precoSugerido.minus(produto.precoAtacado)}`);

  const estoque = await client.produtos.estoque(sku);
  console.log(`✓ stock of ${sku}: ${estoque.numeracoes.map((n) => `${n.numeracao}:${n.estoque}`).join(' ')}`);

  if (fake) {
    fake.inject('GET /v1/produtos/:sku', [{ status: 503 }]);
    const { meta } = await client.produtos.obter(sku).withMeta();
    console.log(`✓ a 503 was retried transparently: ${meta.attempts} attempts, requestId ${meta.requestId}`);
  }

  try {
    await client.produtos.obter('SKU-QUE-NAO-EXISTE');
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    console.log(`✓ errors are typed: ${e.status} ${e.codigo} (requestId ${e.requestId})`);
  }
} finally {
  await server?.close();
}
