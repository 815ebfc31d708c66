import { createMirror, type MirrorWarning } from '../../mirror/index.js';
import { clientFrom, type ConnectionFlags } from '../connection.js';
import { parseDuration, parseShare } from '../duration.js';
import { CliFailure, EXIT, type ExitCode } from '../exit-codes.js';
import { BudgetWatch } from '../mirror/budget-watch.js';
import { MirrorProgress, type ProgressMode } from '../mirror/progress.js';
import { storeFrom } from '../mirror/store-from.js';
import type { CliIo } from '../output.js';

/** The embedded store's folder when neither `--dir` nor `--postgres` is given: `createMirror`'s own default. */
export const DEFAULT_MIRROR_DIR = '.partner-commerce/mirror';

/** Flags of `partner-commerce mirror`. */
export interface MirrorFlags extends ConnectionFlags {
  /** Folder of the embedded store (its engine: what the folder holds, else SQLite on Node 22.13+, else PGlite). */
  dir?: string | undefined;
  /** Postgres connection string; else PARTNER_COMMERCE_MIRROR_POSTGRES. */
  postgres?: string | undefined;
  /** Time between follows, e.g. `60s`. */
  interval?: string | undefined;
  /** Stop after one follow. */
  once?: boolean | undefined;
  /** Run one drift audit after the first follow, within this share of the rate budget (`10%`, `0.1`). */
  audit?: string | undefined;
  json?: boolean | undefined;
}

/** Where the command writes a redrawn progress line, and whether that is a terminal. */
export interface CliTerminal {
  /** True on a terminal: progress is then one line, redrawn. */
  isTTY: boolean;
  /** Writes `text` as is (no line end added). */
  write(text: string): void;
}

/**
 * Runs the catalog mirror: the backfill (resumed from its checkpoint when an earlier run was
 * stopped), then a follow every `--interval` until Ctrl-C, or one follow with `--once`. Ctrl-C during
 * the backfill exits {@link EXIT.interrupted} with the checkpoint kept; during the follow loop it is
 * the normal way to stop (exit 0).
 */
export async function mirrorCommand(flags: MirrorFlags, io: CliIo, stopped: Promise<void>, terminal: CliTerminal): Promise<ExitCode> {
  if (flags.dir !== undefined && flags.postgres !== undefined) throw new CliFailure('give --dir or --postgres, not both', EXIT.usage);
  const intervalMs = parseDuration(flags.interval ?? '60s', '--interval');
  const auditShare = flags.audit === undefined ? undefined : parseShare(flags.audit, '--audit');
  if (auditShare === 0) throw new CliFailure('--audit must be a share above 0%, such as 10% (got "0")', EXIT.usage);
  const mode: ProgressMode = flags.json === true ? 'json' : terminal.isTTY ? 'tty' : 'plain';
  const progress = new MirrorProgress(io, mode, (text) => terminal.write(text));
  const { store, where } = storeFrom(flags.postgres, flags.dir ?? DEFAULT_MIRROR_DIR, '--postgres');
  const budget = new BudgetWatch();
  const mirror = createMirror({ client: clientFrom(flags, { fetch: budget.fetch }), store });
  const controller = new AbortController();
  void stopped.then(() => controller.abort());
  const { signal } = controller;
  let phase: 'backfill' | 'follow' = 'backfill';
  try {
    const status = await mirror.status();
    const backfillDone = status.backfill?.phase === 'concluido';
    progress.start({ store: status.store, where, backfillDone, resumeAt: !backfillDone && status.backfill ? status.backfill.pages : null });
    const onWarning = (w: MirrorWarning) => progress.warning(w);
    const showQuarantine = async (setAside: number | undefined) => {
      if (setAside) progress.quarantine((await mirror.status()).quarantine);
    };
    if (!backfillDone) {
      const result = await mirror.backfill({ signal, onWarning, onPage: (state) => progress.page(state, budget.snapshot()) });
      progress.backfillDone(result);
      await showQuarantine(result.quarantined);
    }
    phase = 'follow';
    let audit = auditShare;
    while (!signal.aborted) {
      const result = await mirror.follow({ signal, onWarning });
      progress.follow(result, budget.snapshot());
      await showQuarantine(result.quarantined);
      if (audit !== undefined) {
        const audited = await mirror.audit({ share: audit, signal, onWarning });
        progress.audit(audited);
        await showQuarantine(audited.quarantined);
        audit = undefined;
      }
      if (flags.once === true) break;
      await sleep(intervalMs, signal);
    }
    if (signal.aborted) progress.stopped({ during: 'follow', pages: null });
    return EXIT.ok;
  } catch (err) {
    if (!signal.aborted) throw err;
    // Every stored page committed with its checkpoint; the page in flight is simply asked again.
    const state = phase === 'backfill' ? (await mirror.status().catch(() => undefined))?.backfill : undefined;
    progress.stopped({ during: phase, pages: state?.pages ?? null });
    return phase === 'backfill' ? EXIT.interrupted : EXIT.ok;
  } finally {
    await mirror.close();
  }
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((done) => {
    if (signal.aborted) return done();
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), done()), { once: true });
  });
}
