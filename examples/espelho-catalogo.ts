/**
 * Catalog mirror: a local copy of the catalog and stock in the embedded database (in a folder:
 * SQLite on Node 22.13+, PGlite on older Node), kept by a backfill, product webhooks and follow runs — and the change feed that tells your
 * storefront what changed. No credentials, no server to install:
 *
 *   npm run espelho
 *
 * The testing kit's fake plays the supplier: its catalog driver changes prices, titles and
 * classification, adds and deactivates products, sends a `produto.lote`, and makes random changes,
 * each with the spec's notice — signed, checked by a real `verify`, and 30% of them lost on the way
 * (others duplicated, delayed, reordered). After each round one follow run heals what the lost ones
 * missed, the storefront's consumer reads the change feed from its saved position (each change once),
 * and the mirror is compared with the fake's catalog field for field.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PartnerCommerce } from 'partner-commerce';
import { createEmbeddedStore, createMirror, type Change } from 'partner-commerce/mirror';
import { createFakeApi, webhookSignatureVerifier } from 'partner-commerce/testing';
import { createWebhookHandler } from 'partner-commerce/webhooks';

const pasta = mkdtempSync(join(tmpdir(), 'espelho-'));
const segredo = 'segredo-do-exemplo';
// The supplier's clock: one second per change, so the demo reads the same on every run.
let relogio = Date.parse('2026-11-20T10:00:00-03:00');
const passo = () => void (relogio += 1_000);

let receber: (body: string, headers: Record<string, string>) => Promise<void> = async () => undefined;
const fake = createFakeApi({
  catalogSize: 300,
  rateLimit: false,
  now: () => new Date(relogio),
  webhookSecret: segredo,
  webhookFaults: { drop: 0.3, duplicate: 0.1, delay: 0.1, reorder: 0.2, seed: 7 },
  onWebhook: (_evento, { body, headers }) => receber(body, headers),
});
const client = new PartnerCommerce({ token: 'svc_sbx_espelho', baseUrl: 'https://sandbox.example.test', fetch: fake.fetch, rateLimit: false });
const mirror = createMirror({ client, store: createEmbeddedStore({ dataDir: pasta }) });
// Your webhook route: signature checked (against the supplier's clock here, as the fake signs at its
// time), then the mirror's handlers for every product notice and lote.
const verify = webhookSignatureVerifier(segredo, { now: () => relogio });
const handler = createWebhookHandler({ on: mirror.webhookHandlers(), verify, logger: { warn: () => undefined, error: console.error } });
receber = async (body, headers) => {
  const { status } = await handler.handle(body, headers);
  if (status !== 200) throw new Error(`webhook answered ${status}`);
};

const resumo = (c: Change): string => {
  const depois: Record<string, unknown> = c.after ?? {};
  const mostrar = c.kind === 'criado' ? ['titulo'] : c.fields.filter((f) => ['titulo', 'precoAtacado', 'precoSugerido', 'precoAtual', 'ativo', 'tags'].includes(f));
  const detalhe = mostrar.map((f) => `${f}=${JSON.stringify(depois[f])}`).join(' ');
  return `  #${c.position} ${c.sku} ${c.kind} [${c.kind === 'criado' ? 'new product' : c.fields.join(', ')}] via ${c.origin}${c.evento ? ` (${c.evento})` : ''}${detalhe ? ` → ${detalhe}` : ''}`;
};

/** What the storefront push does: reads the feed from its saved position; each change reaches it once. */
async function vitrine(): Promise<void> {
  await mirror.changes.consume('vitrine', (changes) => {
    for (const c of changes) if (!(c.origin === 'backfill' && c.kind === 'criado')) console.log(resumo(c));
  });
}

async function rodada(titulo: string, mudar: () => Promise<unknown>): Promise<void> {
  console.log(`\n${titulo}`);
  const antes = fake.webhooks.length;
  await mudar();
  await fake.flushWebhooks();
  const entregas = fake.webhooks.slice(antes);
  const perdidos = entregas.filter((d) => d.fault === 'drop').length;
  relogio += 60_000;
  const f = await mirror.follow();
  console.log(`  notices: ${entregas.length} sent, ${perdidos} lost; follow: ${f.calls} call(s), healed ${f.applied} change(s)`);
  console.log('  change feed:');
  await vitrine();
}

try {
  console.log(`embedded store in ${pasta}`);
  const bf = await mirror.backfill();
  console.log(`backfill: ${bf.applied} products in ${bf.calls} calls (${bf.pages} pages of 100)`);
  await vitrine();

  const [a, b, c, d] = fake.catalog.skus();
  await rodada('round 1: price, title, classification, a new product, a deactivation, a precoAtual-only change', async () => {
    await fake.catalog.changePrices(a!, { precoAtacado: '89.90' });
    passo();
    await fake.catalog.changeTitle(b!, 'Tênis Corrida Leve');
    passo();
    await fake.catalog.changeClassification(c!, { tags: [{ id: 'promo', nome: 'Promoção' }] });
    passo();
    await fake.catalog.createProduct({ sku: 'NOVO-0001', titulo: 'Sandália Verão' });
    passo();
    await fake.catalog.deactivate(d!);
    passo();
    await fake.catalog.changeCurrentPrice(a!, '149.90'); // no notice (spec rule 3): only follow sees it
    passo();
  });

  await rodada('round 2: a produto.lote (many products at once)', () =>
    fake.catalog.batch((cat) => {
      for (const sku of fake.catalog.skus().slice(10, 16)) void cat.changePrices(sku, { precoSugerido: '219.90' });
      void cat.reactivate(d!);
      void cat.changeTitle('NOVO-0001', 'Sandália Verão 2027');
    }),
  );

  await rodada('round 3: 40 random changes', () => fake.catalog.changeAtRandom(40, { seed: 2026, batches: 0.1, afterEach: passo }));

  const esperado = fake.catalog.products();
  let iguais = 0;
  for (const p of esperado) {
    const espelhado = await mirror.product(p.sku);
    if (espelhado && JSON.stringify(espelhado.product) === JSON.stringify(await client.produtos.obter(p.sku))) iguais++;
  }
  const status = await mirror.status();
  console.log(
    `\nstatus: ${status.counts.products} products (${status.counts.active} active, ${status.counts.inactive} inactive), ${status.counts.variants} sizes, ${status.counts.changes} changes logged; high-water mark ${status.watermark}`,
  );
  console.log(`mirror equals the fake's catalog field for field: ${iguais === esperado.length ? 'yes' : 'NO'} (${iguais}/${esperado.length} products)`);
  if (iguais !== esperado.length) process.exitCode = 1;
} finally {
  await mirror.close();
  rmSync(pasta, { recursive: true, force: true });
}
