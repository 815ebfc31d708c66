import { isApiError } from '../../errors/api-error.js';
import { aplicarProdutos } from '../apply/apply-product.js';
import { mirrorCallOptions } from '../call-options.js';
import type { CatalogStore } from '../store/types.js';
import { backfill, LIMITE_PAGINA, type BackfillResult } from './backfill.js';
import { observeServerTime, trustCeiling } from '../clock/server-clock.js';
import { completos, obterWire } from './complete.js';
import { checkEnvelope } from './envelope.js';
import { iso, latestOf, serverTimeOf } from './server-time.js';
import type { MirrorSource } from './source.js';
import { ESTADO, type ResumoExecucao } from './state-keys.js';
import { toRunSummary, type RunSummary } from './public-state.js';
import { clockJumpWarning, defaultWarningHandler, type MirrorWarningHandler } from './warnings.js';

/** Default overlap of each follow with the previous one, for clock skew and writes in flight. */
export const MARGEM_PADRAO_MS = 120_000;
/** Skus refreshed from the API per follow run (ties). */
const REVISOES_POR_EXECUCAO = 100;

/**
 * Options of `mirror.follow()`. The overlap with the previous run is not among them: it is set once, as
 * `createMirror({ marginMs })`, so every run of one mirror (and its audit) uses the same margin.
 */
export interface FollowOptions {
  /** Aborts the run's calls; the high-water mark stays where it was, so the next run repeats this one. */
  signal?: AbortSignal | undefined;
  /** Hears what the run goes on despite (a jump of the server's clock, products set aside). @default a `console.warn` line */
  onWarning?: MirrorWarningHandler | undefined;
}

/** A run's options as the mirror hands them in: the partner's, and the mirror's margin. */
interface FollowRunOptions extends FollowOptions {
  /** Overlap with the previous run, ms. @default 120_000 */
  marginMs?: number | undefined;
}

/** What a follow run did: a {@link RunSummary}, or the backfill it ran because none had finished. */
export type FollowResult = ({ kind: 'follow' } & RunSummary) | ({ kind: 'backfill' } & BackfillResult);

/**
 * One incremental scan: `atualizadoDesde` = the saved high-water mark minus the overlap margin, every
 * page applied in its own transaction, then the skus a tie queued are fetched by sku. The mark only
 * ever comes from the server's clock (the first answer's `Date`, else the records' `atualizadoEm`), and
 * only moves once the scan has finished, so an interrupted run just repeats. When nothing changed it
 * costs one call. Without a finished backfill, runs (or resumes) the backfill instead.
 */
export async function follow(store: CatalogStore, source: MirrorSource, options: FollowRunOptions = {}): Promise<FollowResult> {
  const marca = await store.state<number>(ESTADO.marca);
  if (marca === undefined) return { kind: 'backfill', ...(await backfill(store, source, options)) };
  const margem = options.marginMs ?? MARGEM_PADRAO_MS;
  const desde = marca - margem;
  const started = performance.now();
  let chamadas = 0;
  let recebidos = 0;
  let aplicados = 0;
  let quarantined = 0;
  let inicioServidor: number | undefined;
  let maisRecente: number | undefined;
  let firstPage = true;
  let wentBack = false;
  const warn = options.onWarning ?? defaultWarningHandler;
  const lista = source.produtos.listar({ limite: LIMITE_PAGINA, atualizadoDesde: new Date(desde) }, mirrorCallOptions(options.signal));
  for await (const page of lista.paginas()) {
    chamadas++;
    checkEnvelope(page.meta);
    const date = serverTimeOf(page.meta);
    const { produtos, chamadas: extra } = await completos(source, page.dados, options.signal);
    chamadas += extra;
    recebidos += produtos.length;
    const { applied, verdict, tetoMs } = await store.transaction(async (tx) => {
      const verdict = date === undefined ? undefined : await observeServerTime(tx, date);
      const tetoMs = await trustCeiling(tx);
      return { applied: await aplicarProdutos(tx, produtos, { origin: 'follow', tetoMs }), verdict, tetoMs };
    });
    if (verdict?.jump) warn(clockJumpWarning(verdict.jump));
    // The run's start is its first answer's Date, and only a Date the clock check trusts.
    if (firstPage && verdict?.trusted) inicioServidor = date;
    if (verdict?.wentBack) wentBack = true;
    maisRecente = latestOf(produtos, maisRecente, tetoMs);
    firstPage = false;
    aplicados += applied.logged;
    quarantined += applied.quarantined;
  }
  for (const sku of await store.transaction((tx) => tx.refreshQueue(REVISOES_POR_EXECUCAO))) {
    chamadas++;
    const obtido = await obterWire(source, sku, options.signal).then(
      (p) => p,
      (err: unknown) => {
        if (isApiError(err) && err.status === 404) return undefined;
        throw err;
      },
    );
    // Gone from the API altogether: nothing to settle; the next full scan marks it if it stays gone.
    if (obtido === undefined) {
      await store.transaction((tx) => tx.refreshed([sku]));
      continue;
    }
    recebidos++;
    const applied = await store.transaction(async (tx) => aplicarProdutos(tx, [obtido], { origin: 'refresh', tetoMs: await trustCeiling(tx) }));
    aplicados += applied.logged;
    quarantined += applied.quarantined;
  }
  if (quarantined > 0)
    warn({ kind: 'quarantine', count: quarantined, message: `${quarantined} product(s) set aside by this follow: the store cannot hold or read them as sent (see status().quarantine)` });
  const nova = inicioServidor ?? (maisRecente === undefined ? undefined : maisRecente - Math.ceil(performance.now() - started));
  const resumo: ResumoExecucao = { chamadas, recebidos, aplicados, quarantined, desde: iso(desde), marca: null, concluidoEm: new Date().toISOString() };
  await store.transaction(async (tx) => {
    const atual = (await tx.state<number>(ESTADO.marca)) ?? marca;
    // The server's clock was set back for good: a mark past its new time would skip what it stamps next.
    const proxima = nova !== undefined && (nova > atual || wentBack) ? nova : atual;
    resumo.marca = iso(proxima);
    await tx.setState(ESTADO.marca, proxima);
    await tx.setState(ESTADO.ultimoFollow, resumo);
  });
  return { kind: 'follow', ...toRunSummary(resumo) };
}
