/**
 * Catalog mirror: a local copy of the catalog and stock in the embedded database (PGlite, in a
 * folder), kept by a backfill, product webhooks and follow runs — and the change feed that tells your
 * storefront what changed. No credentials, no server to install:
 *
 *   npm run espelho
 *
 * The fake sandbox changes stock while 30% of its notices are dropped on the way; each follow run
 * heals what the dropped ones missed, and the feed prints each change once.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PartnerCommerce } from 'partner-commerce';
import { createMirror, createPgliteStore, type Change } from 'partner-commerce/mirror';
import { createFakeApi } from 'partner-commerce/testing';
import { createWebhookHandler } from 'partner-commerce/webhooks';

const pasta = mkdtempSync(join(tmpdir(), 'espelho-'));
let seed = 42;
const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);

let entregues = 0;
let perdidos = 0;
// Deliveries go to the webhook handler as HTTP requests would, except the 30% "lost on the way".
let receber: (body: string) => Promise<void> = async () => undefined;
const fake = createFakeApi({
  catalogSize: 300,
  rateLimit: false,
  stockWebhookDelayMs: 0,
  onWebhook: async (evento) => {
    if (random() < 0.3) return void perdidos++;
    entregues++;
    await receber(JSON.stringify(evento));
  },
});
const client = new PartnerCommerce({ token: 'svc_sbx_espelho', baseUrl: 'https://sandbox.example.test', fetch: fake.fetch, rateLimit: false });
const mirror = createMirror({ client, store: createPgliteStore({ dataDir: pasta }) });
const handler = createWebhookHandler({ on: mirror.webhookHandlers(), logger: { warn: () => undefined, error: console.error } });
receber = async (body) => {
  const resposta = await handler.fetch(new Request('http://localhost/webhooks', { method: 'POST', body, headers: { 'content-type': 'application/json' } }));
  if (resposta.status !== 200) throw new Error(`webhook answered ${resposta.status}`);
};

const imprimir = (changes: readonly Change[]) => {
  for (const c of changes) {
    if (c.kind === 'criado') continue; // the backfill's 300 products: counted below, not listed
    const estoque = (c.after?.numeracoes as Array<{ numeracao: string; estoque: number }> | undefined)?.map((n) => `${n.numeracao}:${n.estoque}`).join(' ');
    console.log(`  #${c.position} ${c.sku} ${c.kind} [${c.fields.join(', ')}] via ${c.origin}${c.evento ? ` (${c.evento})` : ''} → ${estoque}`);
  }
};

try {
  console.log(`embedded store in ${pasta}`);
  const bf = await mirror.backfill();
  console.log(`backfill: ${bf.aplicados} products in ${bf.chamadas} calls (${bf.paginas} pages of 100)`);
  mirror.changes.subscribe(imprimir);
  for (let rodada = 1; rodada <= 3; rodada++) {
    console.log(`\nround ${rodada}: 8 stock changes in the sandbox`);
    for (let i = 0; i < 8; i++) {
      const sku = `SKU-${String(1 + Math.floor(random() * 300)).padStart(4, '0')}`;
      const tamanho = (await client.produtos.obter(sku)).numeracoes[0]!;
      await client.sandbox.produtos.definirEstoque(sku, { numeracao: tamanho.numeracao, estoque: (tamanho.estoque + 3) % 40 });
    }
    await fake.flushWebhooks();
    await mirror.changes.poll();
    const f = await mirror.follow();
    if (f.kind === 'follow') console.log(`  follow: ${f.chamadas} call(s), healed ${f.aplicados} change(s) whose notice was lost`);
  }
  const status = await mirror.status();
  console.log(`\nnotices delivered ${entregues}, lost ${perdidos}`);
  console.log(`status: ${status.contagens.produtos} products (${status.contagens.ativos} active), ${status.contagens.variacoes} sizes, ${status.contagens.changes} changes logged; high-water mark ${status.marcaDagua}`);
  const amostra = await mirror.estoque('SKU-0001-' + (await client.produtos.obter('SKU-0001')).numeracoes[0]!.numeracao);
  console.log(`stock of ${amostra?.sku} size ${amostra?.numeracao}: ${amostra?.estoque}`);
} finally {
  await mirror.close();
  rmSync(pasta, { recursive: true, force: true });
}
