import type { EstadoBackfill, MirrorStatus, MirrorWarning, ResultadoBackfill, ResultadoFollow } from '../../mirror/index.js';
import type { CliIo } from '../output.js';
import { terminalText } from '../terminal-text.js';
import type { BudgetSnapshot } from './budget-watch.js';

/** How progress is shown: JSON lines on stdout, a redrawn line on a terminal, or plain lines. */
export type ProgressMode = 'json' | 'tty' | 'plain';

const BAR = 20;
/** Quarantine entries listed after a run; the rest are in `status().quarantine`. */
const QUARANTINE_SHOWN = 10;

/**
 * The mirror command's output. Progress goes to standard error (a redrawn line on a terminal, one
 * line per page otherwise) and results to standard output; with `--json`, everything is one JSON
 * line each on standard output.
 */
export class MirrorProgress {
  #drawn = false;

  constructor(
    private readonly io: CliIo,
    private readonly mode: ProgressMode,
    /** Writes without a line end (the terminal's redrawn line). */
    private readonly write: (text: string) => void,
  ) {}

  /** The mirror opened: where, and what it will do first. */
  start(info: { store: string; where: string; resumeAt: number | null; backfillDone: boolean }): void {
    if (this.mode === 'json') return this.io.out(JSON.stringify({ type: 'start', ...info }));
    const next = info.backfillDone ? 'following' : info.resumeAt !== null ? `resuming the backfill after page ${info.resumeAt}` : 'starting the backfill';
    this.io.err(`mirror: ${info.store} at ${info.where}; ${next}`);
  }

  /** One backfill page stored. */
  page(estado: EstadoBackfill, budget: BudgetSnapshot): void {
    if (this.mode === 'json') {
      const extra = { quarantined: estado.quarentena || undefined, fetches: estado.buscas ?? undefined };
      return this.io.out(JSON.stringify({ type: 'page', geracao: estado.geracao, paginas: estado.paginas, produtos: estado.produtos, esperados: expected(estado), fase: estado.fase, ...extra, rateLimit: { limit: budget.limit, remaining: budget.remaining } }));
    }
    const line = `backfill ${bar(estado)} page ${estado.paginas} · ${productsText(estado)}${pageExtras(estado)} · rate budget ${budgetText(budget)}`;
    if (this.mode === 'tty') {
      this.write(`\r\x1b[2K${line}`);
      this.#drawn = true;
    } else this.io.err(line);
  }

  backfillDone(result: ResultadoBackfill): void {
    this.#endLine();
    if (this.mode === 'json') return this.io.out(JSON.stringify({ type: 'backfill', ...result }));
    this.io.out(`backfill done: ${result.paginas} pages, ${result.aplicados} changes applied, ${result.ausentes} products no longer listed, ${result.chamadas} calls in this run${setAside(result.quarantined)}${result.retomado ? ' (resumed)' : ''}${result.recomecado ? ' (restarted from the first page: the server refused the saved cursor)' : ''}`);
  }

  /** After a run that set products aside: which, and why (the first few; all of them are in `status()`). */
  quarantine(quarantine: MirrorStatus['quarantine']): void {
    this.#endLine();
    if (this.mode === 'json') return this.io.out(JSON.stringify({ type: 'quarantine', ...quarantine }));
    this.io.err(`quarantine: ${quarantine.count} products set aside (the store cannot hold or read them as sent):`);
    for (const p of quarantine.products.slice(0, QUARANTINE_SHOWN)) this.io.err(terminalText(`  ${p.sku} · ${p.field}: ${p.reason} (${p.origin}, ${p.at})`));
    if (quarantine.count > QUARANTINE_SHOWN) this.io.err(`  … and ${quarantine.count - QUARANTINE_SHOWN} more in status().quarantine`);
  }

  /**
   * What a run goes on despite (list items fetched whole, with the cost, before they are fetched; a jump
   * of the server's clock; products set aside): its own line on standard error, or a JSON line.
   */
  warning(w: MirrorWarning): void {
    this.#endLine();
    if (this.mode === 'json') return this.io.out(JSON.stringify({ type: 'warning', ...w }));
    this.io.err(terminalText(`warning: ${w.message}`));
  }

  follow(result: ResultadoFollow, budget: BudgetSnapshot): void {
    this.#endLine();
    if (this.mode === 'json') return this.io.out(JSON.stringify({ type: 'follow', ...result, rateLimit: { limit: budget.limit, remaining: budget.remaining } }));
    if (result.kind === 'backfill') return this.backfillDone(result);
    this.io.out(`follow: ${result.recebidos} products listed, ${result.aplicados} changes applied${setAside(result.quarantined ?? 0)}, ${result.chamadas} calls, high-water mark ${result.marca ?? '-'} · rate budget ${budgetText(budget)}`);
  }

  /** Ctrl-C: what was kept. */
  stopped(info: { during: 'backfill' | 'follow'; paginas: number | null }): void {
    this.#endLine();
    if (this.mode === 'json') return this.io.out(JSON.stringify({ type: 'stopped', ...info }));
    this.io.err(
      info.during === 'backfill'
        ? `stopped: the backfill checkpoint is kept (${info.paginas ?? 0} pages stored); run the same command to resume`
        : 'stopped',
    );
  }

  #endLine(): void {
    if (this.#drawn) this.write('\n');
    this.#drawn = false;
  }
}

function setAside(count: number): string {
  return count > 0 ? `, ${count} products set aside (see status().quarantine)` : '';
}

function pageExtras(estado: EstadoBackfill): string {
  const fetches = estado.buscas ? ` · ${estado.buscas.fetches}${estado.buscas.expectedFetches === null ? '' : `/~${estado.buscas.expectedFetches}`} product fetches` : '';
  return `${fetches}${estado.quarentena ? ` · ${estado.quarentena} set aside` : ''}`;
}

function budgetText(b: BudgetSnapshot): string {
  return b.remaining === null ? 'unknown' : `${b.remaining}${b.limit === null ? '' : `/${b.limit}`} left`;
}

/** Products the scan is expected to list: the last finished scan's count (none on a first scan). */
function expected(estado: EstadoBackfill): number | null {
  return typeof estado.esperados === 'number' && estado.esperados > 0 ? estado.esperados : null;
}

function productsText(estado: EstadoBackfill): string {
  const total = expected(estado);
  return total === null ? `${estado.produtos} products` : `${estado.produtos}/~${total} products`;
}

/**
 * The backfill's own progress, products listed against the last scan's count. Not the rate budget:
 * that drains as the backfill advances and reads as going backwards. Empty while there is no estimate.
 */
function bar(estado: EstadoBackfill): string {
  const total = expected(estado);
  if (estado.fase === 'varredura' && total === null) return `[${' '.repeat(BAR)}]`;
  // The catalog may have grown since the last scan: the bar stops one short of full until the last page.
  const filled = estado.fase !== 'varredura' || total === null ? BAR : Math.max(0, Math.min(BAR - 1, Math.floor((estado.produtos / total) * BAR)));
  return `[${'█'.repeat(filled)}${'░'.repeat(BAR - filled)}]`;
}
