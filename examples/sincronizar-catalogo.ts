/**
 * Incremental catalog sync: fetch only the products changed since the last run, saving a cursor
 * checkpoint after every page so a crash resumes where it stopped instead of starting over.
 *
 *   npx tsx examples/sincronizar-catalogo.ts
 *
 * Runs against the fake sandbox on a loopback port unless PARTNER_COMMERCE_TOKEN and
 * PARTNER_COMMERCE_BASE_URL are set.
 */
import { PartnerCommerce, type ProdutoResumo } from 'partner-commerce';
import { createFakeApi } from 'partner-commerce/testing';

/** What survives between runs; a file or a database row in a real integration. */
interface Checkpoint {
  /** Start of the scan in progress (the next run's `atualizadoDesde` once it finishes). */
  inicioDaVarredura: string;
  /** Where the scan in progress stopped, or null when it finished. */
  cursor: string | null;
  /** `atualizadoDesde` of the scan in progress. */
  desde: string;
}

const real = Boolean(process.env.PARTNER_COMMERCE_TOKEN && process.env.PARTNER_COMMERCE_BASE_URL);
const server = real ? undefined : await createFakeApi({ catalogSize: 250 }).listen();
const client = real ? new PartnerCommerce() : new PartnerCommerce({ token: 'svc_sbx_sync_local', baseUrl: server!.url });
const catalogo = new Map<string, ProdutoResumo>();

let checkpoint: Checkpoint = { inicioDaVarredura: new Date().toISOString(), cursor: null, desde: new Date(Date.now() - 14 * 24 * 3600 * 1000).toISOString() };
const salvar = (c: Checkpoint) => {
  checkpoint = c; // persist it for real here, after the page's products are stored
};

try {
  let paginas = 0;
  // `cursor` resumes a scan that was interrupted; with the same filters, as the API requires.
  const lista = client.produtos.listar({ limite: 100, atualizadoDesde: checkpoint.desde, cursor: checkpoint.cursor ?? undefined });
  for await (const pagina of lista.paginas()) {
    for (const produto of pagina.dados) catalogo.set(produto.sku, produto);
    paginas++;
    salvar({ ...checkpoint, cursor: pagina.proximoCursor });
  }
  // The scan finished: the next run asks only for what changed since this one started.
  salvar({ inicioDaVarredura: new Date().toISOString(), cursor: null, desde: checkpoint.inicioDaVarredura });
  console.log(`${catalogo.size} products changed since ${new Date(Date.now() - 14 * 24 * 3600 * 1000).toISOString().slice(0, 10)}, in ${paginas} pages`);
  console.log(`next run: atualizadoDesde ${checkpoint.desde}`);
} finally {
  await server?.close();
}
