import type { FetchEstimate } from './complete.js';
import type { EstadoBackfill, ResumoExecucao } from './state-keys.js';

/** Checkpoint of a full scan (`status().backfill`, `onPage`): where it is and what it has listed. */
export interface BackfillState {
  /** Scan generation: every product listed by this scan is marked with it. */
  generation: number;
  /** `varredura` (listing pages), `limpeza` (marking what it did not list), `concluido`. */
  phase: 'varredura' | 'limpeza' | 'concluido';
  /** Cursor of the next page; null before the first page and after the last. */
  cursor: string | null;
  /** Pages stored so far. */
  pages: number;
  /** Products listed so far. */
  products: number;
  /** Server time (epoch ms) when the scan started: the `Date` of its first answer. */
  serverStartMs: number | null;
  /** Latest `atualizadoEm` listed (epoch ms), the fallback when the server sends no `Date`. */
  newestMs: number | null;
  /** Local time spent listing, summed over runs (ms): with {@link newestMs}, bounds the scan's start without a `Date`. */
  elapsedMs: number;
  /** Local time it started (ISO 8601; metadata only, never the high-water mark). */
  startedAt: string;
  /** Local time it finished (ISO 8601), null while it runs; `status().lagMs` counts from it. */
  finishedAt: string | null;
  /** Products the last finished scan listed: the size a fetch estimate scales to (null on a first scan). */
  expected: number | null;
  /** What fetching list items whole costs this scan, set before the first such fetch; null when none was needed. */
  fetches: FetchEstimate | null;
  /** Products this scan set aside (see `status().quarantine`). */
  quarantine: number;
}

/** What one follow run did. */
export interface RunSummary {
  /** Calls made (pages plus product fetches). */
  calls: number;
  /** Products listed or fetched. */
  received: number;
  /** Changes applied (logged). */
  applied: number;
  /** Products set aside because the store cannot hold or read them as sent (see `status().quarantine`). */
  quarantined: number;
  /** `atualizadoDesde` sent (ISO 8601). */
  since: string | null;
  /** New high-water mark (ISO 8601). */
  mark: string | null;
  /** Local time it finished (ISO 8601). */
  finishedAt: string;
}

/**
 * @internal The public form of a saved checkpoint. The stored JSON keeps its first keys (renaming them
 * on disk would need a migration of every store); checkpoints saved by older versions lack the last
 * three fields, read as none.
 */
export function toBackfillState(e: EstadoBackfill): BackfillState {
  return {
    generation: e.geracao,
    phase: e.fase,
    cursor: e.cursor,
    pages: e.paginas,
    products: e.produtos,
    serverStartMs: e.inicioServidorMs,
    newestMs: e.maisRecenteMs,
    elapsedMs: e.decorridoMs,
    startedAt: e.iniciadoEm,
    finishedAt: e.concluidoEm,
    expected: e.esperados ?? null,
    fetches: e.buscas ?? null,
    quarantine: e.quarentena ?? 0,
  };
}

/** @internal The public form of a saved follow summary (its stored keys unchanged, as for {@link toBackfillState}). */
export function toRunSummary(r: ResumoExecucao): RunSummary {
  return {
    calls: r.chamadas,
    received: r.recebidos,
    applied: r.aplicados,
    quarantined: r.quarantined ?? 0,
    since: r.desde,
    mark: r.marca,
    finishedAt: r.concluidoEm,
  };
}
