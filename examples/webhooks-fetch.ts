/**
 * Receiving webhooks in a runtime with web-standard requests: Bun, Deno, Cloudflare Workers, or a
 * Next.js route handler (app/api/webhooks/route.ts: `export const POST = handler.fetch`). Type-checked
 * by CI; `partner-commerce/webhooks` never loads the HTTP client, so this stays small on the edge.
 */
import { createWebhookHandler, type Produto, type WebhookVerify } from 'partner-commerce/webhooks';

// Stand-in for your database: the last state stored per sku.
export const produtos = new Map<string, Produto>();

/**
 * Deliveries are retried and come in no particular order, so an older notice can arrive after a newer
 * one: skip a product only when what is stored is strictly newer. An equal `atualizadoEm` may carry
 * another state (two changes within one second), so it is written: the same state again does no harm.
 * Stock notices come merged per product, about a minute after the change; a `produto.lote` item runs
 * this same code.
 */
export async function salvarProduto(produto: Produto): Promise<void> {
  const atual = produtos.get(produto.sku);
  if (atual && Date.parse(atual.atualizadoEm) > Date.parse(produto.atualizadoEm)) return; // older: stale, nothing to do
  produtos.set(produto.sku, produto); // newer, or the same instant (maybe another state)
}

/**
 * Placeholder signature check: the spec says notices are signed but does not show the scheme or its
 * header. Replace this with what the supplier's panel documents (here: hex HMAC-SHA256 of the raw body
 * in a hypothetical `x-assinatura` header).
 */
const conferirAssinatura: WebhookVerify = async (raw, headers) => {
  const segredo = new TextEncoder().encode(process.env.WEBHOOK_SECRET ?? '');
  const key = await crypto.subtle.importKey('raw', segredo, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, raw));
  const esperado = Array.from(mac, (b) => b.toString(16).padStart(2, '0')).join('');
  return headers.get('x-assinatura') === esperado;
};

export const handler = createWebhookHandler({
  verify: conferirAssinatura,
  on: {
    'produto.estoque_atualizado': (e) => salvarProduto(e.dados.produto),
    'produto.preco_atualizado': async (e) => {
      console.log(`${e.dados.produto.sku}: atacado ${e.dados.anterior.precoAtacado} -> ${e.dados.produto.precoAtacado}`);
      await salvarProduto(e.dados.produto);
    },
    'produto.desativado': (e) => salvarProduto(e.dados.produto),
    'pedido.status_alterado': (e) => console.log(`pedido ${e.dados.pedido.numero}: ${e.dados.pedido.statusAnterior} -> ${e.dados.pedido.status}`),
  },
  onUnknown: (e) => console.log(`evento ainda não conhecido pelo SDK: ${e.evento}`),
});

// Bun / Deno / Workers: `export default { fetch: handler.fetch }`; Next.js: `export const POST = handler.fetch`.
export default { fetch: handler.fetch };
