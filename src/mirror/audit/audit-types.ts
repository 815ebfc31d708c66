import type { MirrorWarningHandler } from '../sync/warnings.js';

/** Options of `mirror.audit()`. */
export interface AuditOptions {
  /**
   * Share of the rate budget the audit may use, above 0 and at most 1: each of its calls starts at least
   * `windowMs / (share × limit)` after the previous one ended (10 s at 0.1 of 60 calls a minute).
   * @default 0.1
   */
  share?: number | undefined;
  /**
   * Products to re-read this run, at least 1 (rounded up to whole list pages of 100); the run also ends
   * where the pass over the catalog ends. @default the rest of the current pass
   */
  sample?: number | undefined;
  /** Aborts the run between and during calls; pages already compared stay compared, the pass resumes after them. */
  signal?: AbortSignal | undefined;
  /** Hears what the run goes on despite (products set aside, a refused cursor). @default a `console.warn` line */
  onWarning?: MirrorWarningHandler | undefined;
}

/** The periodic audit of `mirror.start({ audit })`: {@link AuditOptions} and how often. */
export interface AuditScheduleOptions {
  /** @see AuditOptions.share @default 0.1 */
  share?: number | undefined;
  /** @see AuditOptions.sample @default the rest of the current pass */
  sample?: number | undefined;
  /**
   * Wait between the end of one audit run and the start of the next, ms (0 to 2147483647). With the
   * defaults a 10,000-product catalog is read again in about 17 minutes, so a drift is found within
   * about 47 minutes. @default 1_800_000 (30 minutes)
   */
  everyMs?: number | undefined;
}

/** The rate budget an audit paced itself within. */
export interface AuditBudget {
  /** Calls per window. */
  limit: number;
  /** The window, ms. */
  windowMs: number;
  /**
   * Where it came from: the server's rate headers (`server`), the client's `rateLimit` (`client`), or,
   * for a client without a limiter, the spec's 60 calls a minute (`spec`).
   */
  source: 'server' | 'client' | 'spec';
}

/** What one audit run did. */
export interface AuditResult {
  /** Listed products compared with the stored ones. */
  checked: number;
  /** Products whose stored state differed from the API's (or that the mirror lacked). */
  drifted: number;
  /** Drifted products written back from the API's answer (logged with origin `audit`). */
  repaired: number;
  /** How many drifted products differed in each top-level field (`(product)`: the mirror lacked it). */
  fields: Record<string, number>;
  /** Calls made (list pages plus products fetched whole). */
  calls: number;
  /**
   * Skipped: written in the mirror after the page's call left (a notice, a follow), or held by the mirror
   * with a later `atualizadoEm` than listed that is recent enough for a notice to explain it.
   */
  recent: number;
  /** Skipped: changed on the server since the follow's high-water mark; the next follow brings them. */
  newer: number;
  /**
   * Products the mirror holds that the list skipped over (seen when pages come in sku order, as far as the
   * pass went); counted only: the next full scan marks them gone.
   */
  gone: number;
  /** Listed products set aside because the store cannot hold or read them as sent (see `status().quarantine`). */
  quarantined: number;
  /** The share of the budget used. */
  share: number;
  /** The budget it paced itself within. */
  budget: AuditBudget;
  /** True when this run reached the end of a pass over the catalog (the next run starts a new one). */
  passFinished: boolean;
  /** Passes over the catalog finished so far, this one included. */
  passes: number;
  /** Local time it started (ISO 8601). */
  startedAt: string;
  /** Local time it finished (ISO 8601). */
  finishedAt: string;
}

/** The last audit run, as `status().drift` shows it. */
export interface MirrorDrift {
  /** Products compared. */
  checked: number;
  /** Products found drifted. */
  drifted: number;
  /** Drifted products repaired. */
  repaired: number;
  /** Drifted products per top-level field. */
  fields: Record<string, number>;
  /** Calls made. */
  calls: number;
  /** Passes over the catalog finished so far. */
  passes: number;
  /** When the run finished (local time, ISO 8601). */
  finishedAt: string;
}
