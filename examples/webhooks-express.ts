/**
 * Receiving webhooks with node:http, and the same handler mounted in Express. Type-checked by CI.
 *
 * With Express (not a dependency of this package), mount the route with the raw body, before any
 * `app.use(express.json())`, so the signature can be checked on the exact bytes:
 *
 *   app.post('/webhooks', express.raw({ type: 'application/json' }), handler.node);
 *
 * Mounted behind express.json() instead, the handler answers 500 and logs how to fix the mount.
 */
import { createServer } from 'node:http';
import { createWebhookHandler, type PedidoResumo, type Produto } from 'partner-commerce/webhooks';

// Stand-ins for your database.
const produtos = new Map<string, Produto>();
const pedidos = new Map<string, PedidoResumo>();

/**
 * True unless what is stored is strictly newer: deliveries are retried and unordered. An equal
 * `atualizadoEm` may carry another state (two changes within one second), so it is written too.
 */
function naoMaisVelho(atual: { atualizadoEm: string } | undefined, novo: { atualizadoEm: string }): boolean {
  return !atual || Date.parse(atual.atualizadoEm) <= Date.parse(novo.atualizadoEm);
}

const handler = createWebhookHandler({
  // Placeholder: the spec does not show the signature scheme; see examples/webhooks-fetch.ts.
  verify: (_raw, headers) => headers.get('x-assinatura') !== null,
  on: {
    // Idempotent: a repeated or late notice never overwrites newer data.
    'pedido.criado': (e) => {
      if (naoMaisVelho(pedidos.get(e.dados.pedido.id), e.dados.pedido)) pedidos.set(e.dados.pedido.id, e.dados.pedido);
    },
    'pedido.status_alterado': (e) => {
      if (naoMaisVelho(pedidos.get(e.dados.pedido.id), e.dados.pedido)) pedidos.set(e.dados.pedido.id, e.dados.pedido);
    },
    // Stock notices arrive about a minute after the change, merged per product into the final state;
    // inside a produto.lote, each item comes here too, as a single event (id `${loteId}:${index}`).
    'produto.estoque_atualizado': (e) => {
      if (naoMaisVelho(produtos.get(e.dados.produto.sku), e.dados.produto)) produtos.set(e.dados.produto.sku, e.dados.produto);
    },
    'teste.ping': (e) => console.log('ping assinado:', e.dados.mensagem),
  },
  onError: (error, { stage, status, evento, id }) => console.error(`webhook ${evento ?? '?'} ${id ?? '?'}: ${stage} falhou, respondido ${status}`, error),
});

const server = createServer((req, res) => {
  if (req.url === '/webhooks') void handler.node(req, res);
  else res.writeHead(404).end();
});
server.listen(Number(process.env.PORT ?? 3000), () => console.log('webhooks em http://localhost:3000/webhooks'));
