/**
 * Webhook receivers behind a load balancer: run this in as many processes (or machines) as you like,
 * all pointing at one Redis, and each event (and each produto.lote item) is handled by exactly one of
 * them. Type-checked by CI.
 *
 *   REDIS_URL=redis://127.0.0.1:6379 PORT=3001 npx tsx examples/webhooks-redis.ts
 *   REDIS_URL=redis://127.0.0.1:6379 PORT=3002 npx tsx examples/webhooks-redis.ts
 *
 * Needs the `redis` package (npm install redis) for the URL; a node-redis or ioredis client you already
 * have can be passed as `redis` instead.
 */
import { createServer } from 'node:http';
import { createRedisDedupeStore } from 'partner-commerce/redis';
import { createWebhookHandler } from 'partner-commerce/webhooks';

const store = createRedisDedupeStore({
  redis: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  // Part of the keys: sandbox and production receivers sharing one Redis never block each other's ids.
  environment: process.env.AMBIENTE === 'producao' ? 'production' : 'sandbox',
  // Longer than the slowest handler: a receiver that dies mid-handler blocks the event this long.
  reservationMs: 60_000,
});

const handler = createWebhookHandler({
  // Placeholder: the spec does not show the signature scheme; see examples/webhooks-fetch.ts.
  verify: (_raw, headers) => headers.get('x-assinatura') !== null,
  dedupe: { store, ttlMs: 7 * 24 * 3600 * 1000 },
  on: {
    'pedido.criado': (e) => console.log(`[${process.pid}] pedido ${e.dados.pedido.numero} criado`),
    'produto.estoque_atualizado': (e) => console.log(`[${process.pid}] estoque de ${e.dados.produto.sku}`),
  },
  // Redis unreachable: the delivery is answered 500 (the supplier retries it later), never run unchecked.
  onError: (error, { stage, status, evento, id }) => console.error(`webhook ${evento ?? '?'} ${id ?? '?'}: ${stage} falhou, respondido ${status}`, error),
});

const port = Number(process.env.PORT ?? 3000);
const server = createServer((req, res) => {
  if (req.url === '/webhooks') void handler.node(req, res);
  else res.writeHead(404).end();
});
server.listen(port, () => console.log(`[${process.pid}] webhooks em http://localhost:${port}/webhooks`));

process.once('SIGTERM', () => server.close(() => void store.close()));
