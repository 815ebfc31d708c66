import type { AuditResult, BackfillResult, BackfillState, FollowResult, MirrorStatus, MirrorWarning } from '../../mirror/index.js';
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
  page(state: BackfillState, budget: BudgetSnapshot): void {
    if (this.mode === 'json') {
      const extra = { quarantined: state.quarantine || undefined, fetches: state.fetches ?? undefined };
      return this.io.out(
        JSON.stringify({
          type: 'page',
          generation: state.generation,
          pages: state.pages,
          products: state.products,
          expected: expected(state),
          phase: state.phase,
          ...extra,
          rateLimit: { limit: budget.limit, remaining: budget.remaining },
        }),
      );
    }
    const line = `backfill ${bar(state)} page ${state.pages} · ${productsText(state)}${pageExtras(state)} · rate budget ${budgetText(budget)}`;
    if (this.mode === 'tty') {
      this.write(`\r\x1b[2K${line}`);
      this.#drawn = true;
    } else this.io.err(line);
  }

  backfillDone(result: BackfillResult): void {
    this.#endLine();
    if (this.mode === 'json') return this.io.out(JSON.stringify({ type: 'backfill', ...result }));
    this.io.out(
      `backfill done: ${result.pages} pages, ${result.applied} changes applied, ${result.missing} products no longer listed, ${result.calls} calls in this run${setAside(result.quarantined)}${result.resumed ? ' (resumed)' : ''}${result.restarted ? ' (restarted from the first page: the server refused the saved cursor)' : ''}`,
    );
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

  follow(result: FollowResult, budget: BudgetSnapshot): void {
    this.#endLine();
    if (this.mode === 'json') return this.io.out(JSON.stringify({ type: 'follow', ...result, rateLimit: { limit: budget.limit, remaining: budget.remaining } }));
    if (result.kind === 'backfill') return this.backfillDone(result);
    this.io.out(
      `follow: ${result.received} products listed, ${result.applied} changes applied${setAside(result.quarantined)}, ${result.calls} calls, high-water mark ${result.mark ?? '-'} · rate budget ${budgetText(budget)}`,
    );
  }

  /** A drift audit's result: what it compared, found and repaired (by field), and the budget it kept to. */
  audit(result: AuditResult): void {
    this.#endLine();
    if (this.mode === 'json') return this.io.out(JSON.stringify({ type: 'audit', ...result }));
    const fields = Object.entries(result.fields)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([field, n]) => `${field} ${n}`)
      .join(', ');
    const skipped = result.recent + result.newer > 0 ? `, ${result.recent + result.newer} skipped as changed meanwhile` : '';
    const { limit, windowMs, source } = result.budget;
    // Field names are the server's (any top-level field it sends): never raw on the terminal.
    this.io.out(
      terminalText(
        `audit: ${result.checked} products checked, ${result.drifted} drifted${fields ? ` (${fields})` : ''}, ${result.repaired} repaired${skipped}${result.gone ? `, ${result.gone} no longer listed` : ''}${setAside(result.quarantined)}, ${result.calls} calls within ${Math.round(result.share * 1000) / 10}% of ${limit} per ${windowMs / 1000} s (${source}) · ${result.passFinished ? `pass ${result.passes} finished` : 'pass goes on next run'}`,
      ),
    );
  }

  /** Ctrl-C: what was kept. */
  stopped(info: { during: 'backfill' | 'follow'; pages: number | null }): void {
    this.#endLine();
    if (this.mode === 'json') return this.io.out(JSON.stringify({ type: 'stopped', ...info }));
    this.io.err(info.during === 'backfill' ? `stopped: the backfill checkpoint is kept (${info.pages ?? 0} pages stored); run the same command to resume` : 'stopped');
  }

  #endLine(): void {
    if (this.#drawn) this.write('\n');
    this.#drawn = false;
  }
}

function setAside(count: number): string {
  return count > 0 ? `, ${count} products set aside (see status().quarantine)` : '';
}

function pageExtras(state: BackfillState): string {
  const fetches = state.fetches ? ` · ${state.fetches.fetches}${state.fetches.expectedFetches === null ? '' : `/~${state.fetches.expectedFetches}`} product fetches` : '';
  return `${fetches}${state.quarantine ? ` · ${state.quarantine} set aside` : ''}`;
}

function budgetText(b: BudgetSnapshot): string {
  return b.remaining === null ? 'unknown' : `${b.remaining}${b.limit === null ? '' : `/${b.limit}`} left`;
}

/** Products the scan is expected to list: the last finished scan's count (none on a first scan). */
function expected(state: BackfillState): number | null {
  return typeof state.expected === 'number' && state.expected > 0 ? state.expected : null;
}

function productsText(state: BackfillState): string {
  const total = expected(state);
  return total === null ? `${state.products} products` : `${state.products}/~${total} products`;
}

/**
 * The backfill's own progress, products listed against the last scan's count. Not the rate budget:
 * that drains as the backfill advances and reads as going backwards. Empty while there is no estimate.
 */
function bar(state: BackfillState): string {
  const total = expected(state);
  if (state.phase === 'varredura' && total === null) return `[${' '.repeat(BAR)}]`;
  // The catalog may have grown since the last scan: the bar stops one short of full until the last page.
  const filled = state.phase !== 'varredura' || total === null ? BAR : Math.max(0, Math.min(BAR - 1, Math.floor((state.products / total) * BAR)));
  return `[${'█'.repeat(filled)}${'░'.repeat(BAR - filled)}]`;
}
