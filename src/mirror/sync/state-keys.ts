import type { FetchEstimate } from './complete.js';

/** Keys of the mirror's saved state (table `pc_mirror_estado`). */
export const ESTADO = {
  /** {@link EstadoBackfill} of the full scan in progress or last finished. */
  backfill: 'backfill',
  /** High-water mark for follow: server time (epoch ms) up to which every change has been listed. */
  marca: 'marca_dagua',
  /** {@link ResumoExecucao} of the last finished follow. */
  ultimoFollow: 'ultimo_follow',
} as const;

/**
 * @internal Checkpoint of a full scan as saved (JSON in `pc_mirror_estado`, its keys as written since the
 * first release), with every page in the page's own transaction. The public form is `BackfillState`.
 */
export interface EstadoBackfill {
  /** Scan generation: every product listed by this scan is marked with it. */
  geracao: number;
  /** `varredura` (listing pages), `limpeza` (marking what it did not list), `concluido`. */
  fase: 'varredura' | 'limpeza' | 'concluido';
  /** Cursor of the next page; null before the first page and after the last. */
  cursor: string | null;
  /** Pages stored so far. */
  paginas: number;
  /** Products listed so far. */
  produtos: number;
  /** Server time (epoch ms) when the scan started: the `Date` of its first answer. */
  inicioServidorMs: number | null;
  /** Latest `atualizadoEm` listed (epoch ms), the fallback when the server sends no `Date`. */
  maisRecenteMs: number | null;
  /** Local time spent listing, summed over runs (ms): with {@link maisRecenteMs}, bounds the scan's start without a `Date`. */
  decorridoMs: number;
  /** Local time it started (ISO 8601; metadata only, never the high-water mark). */
  iniciadoEm: string;
  /** Local time it finished (ISO 8601), null while it runs; `status().lagMs` counts from it. */
  concluidoEm: string | null;
  /** Products the last finished scan listed: the size a fetch estimate scales to (null on a first scan). */
  esperados?: number | null | undefined;
  /** What fetching list items whole costs this scan, set before the first such fetch; null when none was needed. */
  buscas?: FetchEstimate | null | undefined;
  /** Products this scan set aside (see `status().quarantine`). */
  quarentena?: number | undefined;
}

/** @internal What one follow run did, as saved (JSON in `pc_mirror_estado`). The public form is `RunSummary`. */
export interface ResumoExecucao {
  /** Calls made (pages plus product fetches). */
  chamadas: number;
  /** Products listed or fetched. */
  recebidos: number;
  /** Changes applied (logged). */
  aplicados: number;
  /** Products set aside because the store cannot hold or read them as sent (see `status().quarantine`). */
  quarantined?: number | undefined;
  /** `atualizadoDesde` sent (ISO 8601). */
  desde: string | null;
  /** New high-water mark (ISO 8601). */
  marca: string | null;
  /** Local time it finished (ISO 8601). */
  concluidoEm: string;
}
