/** The README's quickstart, kept here so CI type-checks it. Needs PARTNER_COMMERCE_TOKEN and PARTNER_COMMERCE_BASE_URL. */
import { ApiError, PartnerCommerce } from 'partner-commerce';

const client = new PartnerCommerce(); // reads PARTNER_COMMERCE_TOKEN and PARTNER_COMMERCE_BASE_URL
const desde = new Date(Date.now() - 24 * 3600 * 1000);
for await (const produto of client.produtos.listar({ limite: 100, atualizadoDesde: desde })) {
  console.log(produto.sku, produto.precoAtacado?.toString()); // Money → "129.90"
}
try {
  console.log((await client.produtos.estoque('SKU-123')).numeracoes);
} catch (e) {
  if (e instanceof ApiError && e.codigo === 'NAO_ENCONTRADO') console.log('fora do catálogo');
  else throw e;
}
