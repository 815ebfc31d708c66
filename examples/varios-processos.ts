/**
 * Several processes, one rate budget: start this in two or three terminals against one Redis and the
 * testing kit's server (or your sandbox), e.g.
 *
 *   redis-server --port 6379 &
 *   REDIS_URL=redis://127.0.0.1:6379 PAPEL=catalogo npx tsx examples/varios-processos.ts
 *   REDIS_URL=redis://127.0.0.1:6379 PAPEL=pedidos  npx tsx examples/varios-processos.ts
 *
 * The catalog process scans in bulk; the order process's calls go ahead of it. Every process prints
 * the shared budget's state. Without PARTNER_COMMERCE_BASE_URL it starts its own fake server with a
 * 20 per 2 s limit (then each process has its own server: point them at one to see them share it).
 */
import { PartnerCommerce } from 'partner-commerce';
import { createFakeApi } from 'partner-commerce/testing';

const redis = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const papel = process.env.PAPEL === 'pedidos' ? 'pedidos' : 'catalogo';
const server = process.env.PARTNER_COMMERCE_BASE_URL ? undefined : await createFakeApi({ rateLimit: { perMinute: 20, windowMs: 2_000 } }).listen();

const client = new PartnerCommerce({
  token: process.env.PARTNER_COMMERCE_TOKEN ?? 'svc_sbx_exemplo_varios_processos',
  baseUrl: process.env.PARTNER_COMMERCE_BASE_URL ?? server!.url,
  // Every process with the same key draws from one budget, wherever it runs.
  rateLimit: { perMinute: 20, windowMs: 2_000, redis, key: 'parceiro-exemplo' },
  // The catalog scan yields to everything else; orders go first.
  priority: papel === 'catalogo' ? 'bulk' : 'interactive',
  logLevel: process.env.DEBUG ? 'debug' : 'warn',
});

const started = Date.now();
for (let i = 0; i < 10; i++) {
  const asked = Date.now();
  await client.conta.obter();
  console.log(`${papel}: chamada ${i + 1} depois de ${Date.now() - asked} ms`);
}
console.log(`${papel}: 10 chamadas em ${Date.now() - started} ms`);
await server?.close();
process.exit(0);
