/**
 * Incremental catalog sync: fetch only the products changed since the last run, saving a cursor
 * checkpoint after every page so a crash resumes where it stopped instead of starting over.
 *
 *   npx tsx examples/sincronizar-catalogo.ts
 *
 * Runs against the fake sandbox on a loopback port unless PARTNER_COMMERCE_TOKEN and
 * PARTNER_COMMERCE_BASE_URL are set.
 */
import { PartnerCommerce, type Produtos } from 'partner-commerce';
import { createFakeApi } from 'partner-commerce/testing';

/**
 * Overlap between runs: the next run asks again for the last 5 minutes before this scan began, so a
 * change written while the scan ran (or stamped by a server clock a little behind) is not missed.
 * Seeing a product twice is harmless: store it by sku.
 */
const OVERLAP_MS = 5 * 60 * 1000;

/** What survives between runs; a file or a database row in a real integration. */
interface Checkpoint {
  /**
   * When the scan in progress began, by the server's clock: the Date header of its first page or, from
   * a server that sends none, the newest `atualizadoEm` seen so far. Null before the first page.
   */
  inicioDaVarredura: string | null;
  /** Where the scan in progress stopped, or null when it finished. */
  cursor: string | null;
  /** `atualizadoDesde` of the scan in progress. */
  desde: string;
}

/** The next run's `atualizadoDesde`: the server's time at the start of this scan, minus the overlap. Never the local clock, which may be off. */
function proximoDesde(inicioPeloServidor: string): string {
  return new Date(Date.parse(inicioPeloServidor) - OVERLAP_MS).toISOString();
}

/**
 * The server's clock as this scan knows it after one more page: the first page's Date header; without
 * one, the newest `atualizadoEm` the server sent (never later than its clock, so the next run asks a
 * little more, never less). Null when neither is known yet.
 */
function relogioDoServidor(anterior: string | null, pagina: { dados: readonly Produtos.ProdutoResumo[]; meta: { headers: Headers } }): string | null {
  const data = Date.parse(pagina.meta.headers.get('date') ?? '');
  if (!Number.isNaN(data)) return anterior ?? new Date(data).toISOString();
  const instantes = [anterior, ...pagina.dados.map((p) => p.atualizadoEm)].flatMap((t) => (t ? [Date.parse(t)] : []));
  return instantes.length > 0 ? new Date(Math.max(...instantes)).toISOString() : null;
}

const real = Boolean(process.env.PARTNER_COMMERCE_TOKEN && process.env.PARTNER_COMMERCE_BASE_URL);
const server = real ? undefined : await createFakeApi({ catalogSize: 250 }).listen();
const client = real ? new PartnerCommerce() : new PartnerCommerce({ token: 'svc_sbx_sync_local', baseUrl: server!.url });
const catalogo = new Map<string, Produtos.ProdutoResumo>();

// The first run of all starts 14 days back; every later run starts from the saved checkpoint.
const primeiroDesde = new Date(Date.now() - 14 * 24 * 3600 * 1000).toISOString();
let checkpoint: Checkpoint = { inicioDaVarredura: null, cursor: null, desde: primeiroDesde };
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
    // The server's clock at the first page of the scan: what changes after it, the next run must see.
    salvar({ ...checkpoint, inicioDaVarredura: relogioDoServidor(checkpoint.inicioDaVarredura, pagina), cursor: pagina.proximoCursor });
  }
  // The scan finished: the next run asks only for what changed since this one began, with an overlap
  // (a scan that learnt nothing of the server's clock asks again from where it started).
  const desde = checkpoint.desde;
  const inicio = checkpoint.inicioDaVarredura;
  salvar({ inicioDaVarredura: null, cursor: null, desde: inicio ? proximoDesde(inicio) : desde });
  console.log(`${catalogo.size} products changed since ${desde.slice(0, 10)}, in ${paginas} pages`);
  console.log(`next run: atualizadoDesde ${checkpoint.desde}`);
} finally {
  await server?.close();
}
