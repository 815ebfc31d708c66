import { isApiError } from '../../errors/api-error.js';
import { hasNextPage, type Page } from '../../pagination/page.js';
import type { ProdutoResumo } from '../../models/produto.js';
import { aplicarProdutos } from '../apply/apply-product.js';
import { mirrorCallOptions } from '../call-options.js';
import type { CatalogStore } from '../store/types.js';
import { observeServerTime, trustCeiling } from '../clock/server-clock.js';
import { checkEnvelope } from './envelope.js';
import { completos, incomplete, type FetchEstimate } from './complete.js';
import { iso, latestOf, serverTimeOf } from './server-time.js';
import type { MirrorSource } from './source.js';
import { ESTADO, type EstadoBackfill } from './state-keys.js';
import { toBackfillState, type BackfillState } from './public-state.js';
import { clockJumpWarning, defaultWarningHandler, type MirrorWarningHandler } from './warnings.js';

/** Page size of every scan: the API's largest. */
export const LIMITE_PAGINA = 100;
/** Products marked per transaction when a scan ends. */
const LIMPEZA_POR_TRANSACAO = 500;

/** What a backfill run did. */
export interface BackfillResult {
  /** Generation of the scan. */
  generation: number;
  /** Calls made by this run (pages plus product fetches). */
  calls: number;
  /** Pages of the scan in total, earlier runs included. */
  pages: number;
  /** Changes applied by this run. */
  applied: number;
  /** Products this scan did not list, marked `missingSince` now. */
  missing: number;
  /** True when this run resumed a scan an earlier run had left. */
  resumed: boolean;
  /**
   * True when the server refused the scan's cursor (400 `CURSOR_INVALIDO`: a saved cursor gone stale,
   * say after a server deploy) and the scan started over from the first page as a new generation.
   */
  restarted: boolean;
  /** Products this run set aside because the store cannot hold or read them as sent (see `status().quarantine`). */
  quarantined: number;
}

/** Options of a backfill run. */
export interface BackfillOptions {
  /** Aborts the run's calls; pages already stored stay, and the next run resumes after them. */
  signal?: AbortSignal | undefined;
  /** Called after each page is stored (progress, tests). */
  onPage?: ((state: BackfillState) => void | Promise<void>) | undefined;
  /**
   * Hears what the run goes on despite: list items that each cost a fetch (said before the first is
   * made), a jump of the server's clock, products set aside. @default a `console.warn` line
   */
  onWarning?: MirrorWarningHandler | undefined;
}

/**
 * A full scan of the catalog, `limite` 100, resumable: each page's products and the cursor of the next
 * page are saved in one transaction, so a process killed mid-scan resumes at the page after the last
 * one stored — never from zero, never skipping a page. When the last page is stored, products the scan
 * did not list are marked (mark and sweep by generation), then the follow high-water mark moves to the
 * scan's start. When the server refuses the saved cursor (400 `CURSOR_INVALIDO`), the scan starts over
 * from the first page as a new generation instead of failing on every run.
 */
export async function backfill(store: CatalogStore, source: MirrorSource, options: BackfillOptions = {}): Promise<BackfillResult> {
  let estado = await store.state<EstadoBackfill>(ESTADO.backfill);
  const retomado = estado !== undefined && estado.fase !== 'concluido';
  if (!estado || estado.fase === 'concluido') estado = await novaVarredura(store, estado);
  let recomecado = false;
  let chamadas = 0;
  let aplicados = 0;
  let quarantined = 0;
  const warn = options.onWarning ?? defaultWarningHandler;
  // The next page is fetched while this one is stored, so the scan runs at the rate budget's pace, not
  // at budget plus store time. Nothing depends on it until it is awaited: a crash just drops it.
  let prefetched: Promise<Page<ProdutoResumo> | null> | undefined;
  while (estado.fase === 'varredura') {
    const started = performance.now();
    const params = estado.cursor === null ? { limite: LIMITE_PAGINA } : { limite: LIMITE_PAGINA, cursor: estado.cursor };
    let page: Page<ProdutoResumo>;
    try {
      page = (await prefetched) ?? (await source.produtos.listar(params, mirrorCallOptions(options.signal)));
    } catch (err) {
      // A refused cursor is refused for good: the scan starts over (once per run) as a new generation,
      // so the sweep only trusts what the new scan lists. Anything else is the caller's to retry.
      if (!(isApiError(err) && err.codigo === 'CURSOR_INVALIDO') || estado.cursor === null || recomecado) throw err;
      chamadas++;
      recomecado = true;
      prefetched = undefined;
      estado = await novaVarredura(store, estado);
      continue;
    }
    chamadas++;
    checkEnvelope(page.meta);
    prefetched = hasNextPage(page) ? page.proximaPagina() : undefined;
    prefetched?.catch(() => undefined);
    estado = await announceFetches(store, estado, page.dados, warn);
    const { produtos, chamadas: extra } = await completos(source, page.dados, options.signal);
    chamadas += extra;
    const atual: EstadoBackfill = estado;
    const date = serverTimeOf(page.meta);
    const { proximo, logged, setAside, verdict } = await store.transaction(async (tx) => {
      const verdict = date === undefined ? undefined : await observeServerTime(tx, date);
      const tetoMs = await trustCeiling(tx);
      const proximo: EstadoBackfill = {
        ...atual,
        fase: hasNextPage(page) ? 'varredura' : 'limpeza',
        cursor: hasNextPage(page) ? page.proximoCursor : null,
        paginas: atual.paginas + 1,
        produtos: atual.produtos + produtos.length,
        // Only the first answer dates the scan's start: a later one would skip changes made meanwhile.
        inicioServidorMs: atual.paginas === 0 ? (verdict?.trusted ? date! : null) : atual.inicioServidorMs,
        maisRecenteMs: latestOf(produtos, atual.maisRecenteMs ?? undefined, tetoMs) ?? null,
        decorridoMs: atual.decorridoMs + (performance.now() - started),
        buscas: atual.buscas ? { ...atual.buscas, fetches: atual.buscas.fetches + extra } : atual.buscas,
      };
      const applied = await aplicarProdutos(tx, produtos, { origin: 'backfill', geracao: proximo.geracao, tetoMs });
      proximo.quarentena = (atual.quarentena ?? 0) + applied.quarantined;
      await tx.setState(ESTADO.backfill, proximo);
      return { proximo, logged: applied.logged, setAside: applied.quarantined, verdict };
    });
    aplicados += logged;
    quarantined += setAside;
    // Warned once committed: what is said has happened, and a throwing handler cannot undo the page.
    if (verdict?.jump) warn(clockJumpWarning(verdict.jump));
    if (setAside > 0)
      warn({ kind: 'quarantine', count: setAside, message: `${setAside} product(s) of page ${proximo.paginas} set aside: the store cannot hold or read them as sent (see status().quarantine)` });
    estado = proximo;
    await options.onPage?.(toBackfillState(estado));
  }
  let ausentes = 0;
  if (estado.fase === 'limpeza') {
    const inicio = inicioDaVarredura(estado);
    for (;;) {
      const marcados = await store.transaction(async (tx) => {
        // A stamp past the server's now came from a clock far ahead: it says nothing of a recent change.
        const tetoMs = await trustCeiling(tx);
        const rows = await tx.unseen(estado!.geracao, inicio ?? Number.POSITIVE_INFINITY, LIMPEZA_POR_TRANSACAO, tetoMs);
        const desde = inicio === undefined ? new Date().toISOString() : iso(inicio);
        const positions = await tx.appendChanges(
          rows.map((row) => ({ sku: row.produto.sku, kind: 'ausente' as const, fields: [], before: row.produto, after: row.produto, origin: 'sweep' as const, evento: null })),
        );
        await tx.putProdutos(rows.map((row, i) => ({ ...row, naoVistoDesde: desde, position: positions[i]! })));
        return rows.length;
      });
      ausentes += marcados;
      if (marcados < LIMPEZA_POR_TRANSACAO) break;
    }
    const fim: EstadoBackfill = { ...estado, fase: 'concluido', concluidoEm: new Date().toISOString() };
    await store.transaction(async (tx) => {
      await tx.setState(ESTADO.backfill, fim);
      if (inicio !== undefined) {
        const marca = await tx.state<number>(ESTADO.marca);
        if (marca === undefined || inicio > marca) await tx.setState(ESTADO.marca, inicio);
      }
    });
    estado = fim;
  }
  return { generation: estado.geracao, calls: chamadas, pages: estado.paginas, applied: aplicados, missing: ausentes, resumed: retomado, restarted: recomecado, quarantined };
}

/** Starts a scan of the next generation from the first page, saved before any page is fetched. */
async function novaVarredura(store: CatalogStore, anterior: EstadoBackfill | undefined): Promise<EstadoBackfill> {
  const novo: EstadoBackfill = {
    geracao: (anterior?.geracao ?? 0) + 1,
    fase: 'varredura',
    cursor: null,
    paginas: 0,
    produtos: 0,
    inicioServidorMs: null,
    maisRecenteMs: null,
    decorridoMs: 0,
    iniciadoEm: new Date().toISOString(),
    concluidoEm: null,
    esperados: anterior?.fase === 'concluido' ? anterior.produtos : (anterior?.esperados ?? null),
    buscas: null,
    quarentena: 0,
  };
  await store.transaction((tx) => tx.setState(ESTADO.backfill, novo));
  return novo;
}

/**
 * The server time the scan started: its first answer's `Date`; without one, the latest `atualizadoEm`
 * listed minus the time spent listing (a lower bound: every change after the start has a later stamp).
 */
function inicioDaVarredura(estado: EstadoBackfill): number | undefined {
  if (estado.inicioServidorMs !== null) return estado.inicioServidorMs;
  if (estado.maisRecenteMs !== null) return estado.maisRecenteMs - Math.ceil(estado.decorridoMs);
  return undefined;
}

/**
 * Before the first product of a scan is fetched whole, says so and what it will cost: saved in the
 * checkpoint (so `status()` shows it, from any process) and warned, with its reason.
 */
async function announceFetches(store: CatalogStore, estado: EstadoBackfill, listed: readonly object[], warn: MirrorWarningHandler): Promise<EstadoBackfill> {
  const need = incomplete(listed);
  if (need.count === 0 || estado.buscas) return estado;
  const perHundred = Math.round((need.count / listed.length) * LIMITE_PAGINA);
  const expectedFetches = estado.esperados == null ? null : Math.round((need.count / listed.length) * estado.esperados);
  const expectedCalls = expectedFetches === null ? null : Math.ceil(estado.esperados! / LIMITE_PAGINA) + expectedFetches;
  const fields = need.fields.join(', ');
  const buscas: FetchEstimate = {
    reason: `list items lack ${fields}: each such product is fetched whole with GET /v1/produtos/{sku}`,
    missingFields: need.fields,
    perHundred,
    expectedFetches,
    expectedCalls,
    fetches: 0,
  };
  const next: EstadoBackfill = { ...estado, buscas };
  await store.transaction((tx) => tx.setState(ESTADO.backfill, next));
  const cost =
    expectedCalls === null ? `about ${perHundred} extra calls per 100 products (catalog size not known yet)` : `about ${expectedCalls} calls for the scan (${expectedFetches} product fetches)`;
  warn({ kind: 'fetches', estimate: buscas, message: `${need.count} of ${listed.length} listed items lack ${fields}; fetching each whole: ${cost}` });
  return next;
}
