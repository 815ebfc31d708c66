import { isApiError } from '../../errors/api-error.js';
import { sleep } from '../../internal/sleep.js';
import { hasNextPage, type Page } from '../../pagination/page.js';
import type { ProdutoResumo } from '../../models/produto.js';
import type { ProdutoWire } from '../apply/canonical.js';
import { mirrorCallOptions } from '../call-options.js';
import { trustCeiling } from '../clock/server-clock.js';
import type { CatalogStore } from '../store/types.js';
import { LIMITE_PAGINA } from '../sync/backfill.js';
import { completos } from '../sync/complete.js';
import { checkEnvelope } from '../sync/envelope.js';
import type { MirrorSource } from '../sync/source.js';
import { ESTADO } from '../sync/state-keys.js';
import { defaultWarningHandler, type MirrorWarningHandler } from '../sync/warnings.js';
import type { AuditBudget, AuditResult, MirrorDrift } from './audit-types.js';
import { auditPage, type PageAudit } from './compare-page.js';

/** State key of the last audit run's summary (`status().drift`). */
export const AUDIT_KEY = 'audit';
/** State key of the pass over the catalog: where it stands and when the next audit call may start. */
export const AUDIT_PASS_KEY = 'audit_pass';

/** @internal The pass as saved: it rolls on across runs and processes sharing the store. */
interface AuditPass {
  /** Cursor of the next page; null at the start of a pass. */
  cursor: string | null;
  /** The last sku of the pass's last page (for `gone`). */
  lastSku: string | null;
  /** Whether every page of the pass so far came in sku order: only then can products the list skipped be told. */
  ordered: boolean;
  /** Passes finished. */
  passes: number;
  /** Local epoch ms before which no audit call starts (any process sharing the store). */
  nextCallAt: number;
}

/** @internal One audit run's settings, checked. */
export interface AuditRun {
  share: number;
  sample?: number | undefined;
  signal?: AbortSignal | undefined;
  onWarning?: MirrorWarningHandler | undefined;
  /** The follow's overlap margin: states stamped since the mark minus it are the follow's to bring. */
  marginMs: number;
}

/**
 * Re-reads the catalog a list page at a time (100 products a call, where reading by sku would cost one
 * each), within `share` of the rate budget: each call starts at least `windowMs / (share × limit)` after
 * the previous one ended, the time saved in the store so the next run, in any process, keeps to it. The
 * pass resumes where the last run left it; the run ends after `sample` products or at the pass's end.
 * Call it under the store's `audit` run lock.
 */
export async function audit(store: CatalogStore, source: MirrorSource, budget: AuditBudget, run: AuditRun): Promise<AuditResult> {
  const startedAt = new Date().toISOString();
  const warn = run.onWarning ?? defaultWarningHandler;
  const intervalMs = budget.windowMs / (run.share * budget.limit);
  let pass: AuditPass = (await store.state<AuditPass>(AUDIT_PASS_KEY)) ?? { cursor: null, lastSku: null, ordered: true, passes: 0, nextCallAt: 0 };
  const total: PageAudit & { gone: number } = { checked: 0, drifted: 0, repaired: 0, fields: {}, recent: 0, newer: 0, quarantined: 0, gone: 0 };
  let calls = 0;
  let listed = 0;
  let restarted = false;
  let passFinished = false;
  while (run.sample === undefined || listed < run.sample) {
    // A time saved by a clock far ahead (another machine's, or this one's before it was set back) holds
    // the audit back at most as long as the longest pace a page can set, not until that clock's hour.
    await sleep(Math.min(pass.nextCallAt - Date.now(), intervalMs * (LIMITE_PAGINA + 1)), run.signal);
    const before = await store.lastPosition();
    const mark = await store.state<number>(ESTADO.marca);
    const params = pass.cursor === null ? { limite: LIMITE_PAGINA } : { limite: LIMITE_PAGINA, cursor: pass.cursor };
    let page: Page<ProdutoResumo>;
    try {
      page = await source.produtos.listar(params, mirrorCallOptions(run.signal));
    } catch (err) {
      // A refused call still counts toward the budget: the pace holds for the next one.
      calls++;
      if (!(isApiError(err) && err.codigo === 'CURSOR_INVALIDO') || pass.cursor === null || restarted) {
        const paced = { ...pass, nextCallAt: Date.now() + intervalMs };
        // The call's own error is the one to report, not a store failing to note the pace.
        await store.transaction((tx) => tx.setState(AUDIT_PASS_KEY, paced)).catch(() => undefined);
        throw err;
      }
      restarted = true;
      warn({ kind: 'audit-restart', message: 'the server refused the audit pass cursor (CURSOR_INVALIDO): the pass starts over from the first page' });
      pass = { ...pass, cursor: null, lastSku: null, ordered: true, nextCallAt: Date.now() + intervalMs };
      await store.transaction((tx) => tx.setState(AUDIT_PASS_KEY, pass));
      continue;
    }
    calls++;
    checkEnvelope(page.meta);
    const { produtos, chamadas } = await completos(source, page.dados, run.signal);
    calls += chamadas;
    listed += produtos.length;
    const last = !hasNextPage(page);
    const from = pass;
    const lastSku = lastInOrder(from.lastSku, produtos);
    total.gone += await goneBetween(store, from, produtos, lastSku, last);
    const { found, saved } = await store.transaction(async (tx) => {
      const found = await auditPage(tx, produtos, { before, followFloorMs: mark === undefined ? Number.NEGATIVE_INFINITY : mark - run.marginMs, tetoMs: await trustCeiling(tx) });
      // Every call this page cost (fetches of incomplete items too) spaces the next one out.
      const nextCallAt = Date.now() + intervalMs * (1 + chamadas);
      const saved: AuditPass = last
        ? { cursor: null, lastSku: null, ordered: true, passes: from.passes + 1, nextCallAt }
        : { cursor: page.proximoCursor, lastSku, ordered: from.ordered && (lastSku !== null || produtos.length === 0), passes: from.passes, nextCallAt };
      await tx.setState(AUDIT_PASS_KEY, saved);
      return { found, saved };
    });
    pass = saved;
    add(total, found);
    if (last) {
      passFinished = true;
      break;
    }
  }
  if (total.quarantined > 0)
    warn({ kind: 'quarantine', count: total.quarantined, message: `${total.quarantined} product(s) set aside by this audit: the store cannot hold or read them as sent (see status().quarantine)` });
  const finishedAt = new Date().toISOString();
  const summary: MirrorDrift = { checked: total.checked, drifted: total.drifted, repaired: total.repaired, fields: total.fields, calls, passes: pass.passes, finishedAt };
  await store.transaction((tx) => tx.setState(AUDIT_KEY, summary));
  return { ...total, calls, share: run.share, budget, passFinished, passes: pass.passes, startedAt, finishedAt };
}

function add(total: PageAudit, page: PageAudit): void {
  total.checked += page.checked;
  total.drifted += page.drifted;
  total.repaired += page.repaired;
  total.recent += page.recent;
  total.newer += page.newer;
  total.quarantined += page.quarantined;
  for (const [field, n] of Object.entries(page.fields)) total.fields[field] = (total.fields[field] ?? 0) + n;
}

/** The page's last sku when its skus follow `after` in increasing order; null when they do not (order unknown). */
function lastInOrder(after: string | null, listed: readonly ProdutoWire[]): string | null {
  let previous = after;
  for (const { sku } of listed) {
    if (typeof sku !== 'string' || (previous !== null && !(sku > previous))) return null;
    previous = sku;
  }
  return previous;
}

/**
 * Products the mirror holds (not already inferred gone) between the previous page's last sku and this
 * page's, `upTo` (to the end, on the pass's last page) that the page did not list. Only while the list has come
 * in sku order (the spec does not say it does): otherwise nothing can be told, and 0 is counted.
 */
async function goneBetween(store: CatalogStore, from: AuditPass, listed: readonly ProdutoWire[], upTo: string | null, last: boolean): Promise<number> {
  if (!from.ordered) return 0;
  if (upTo === null && (listed.length > 0 || !last)) return 0;
  const skus = new Set(listed.map((p) => p.sku));
  let gone = 0;
  for (let cursor = from.lastSku; ;) {
    const rows = await store.produtos(cursor, 500);
    for (const row of rows) {
      if (!last && row.produto.sku > upTo!) return gone;
      if (!skus.has(row.produto.sku) && row.naoVistoDesde === null) gone++;
    }
    if (rows.length < 500) return gone;
    cursor = rows[rows.length - 1]!.produto.sku;
  }
}
