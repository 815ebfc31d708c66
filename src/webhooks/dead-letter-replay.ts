import { checkOptions } from '../errors/check-options.js';
import type { EventoWebhook } from './events.js';
import type { WebhookErrorContext } from './handler-options.js';
import { replayDeadLettersOptionsSchema } from './dead-letter-checks.js';
import { deadLetterError, type DeadLetter, type DeadLetterStore } from './dead-letters.js';
import { parseWebhookJson, readWebhookJson } from './parse-webhook.js';

/** Options of `handler.replayDeadLetters()`. */
export interface DeadLetterReplayOptions {
  /**
   * Most records to go through in this call (in id order); the rest wait for the next call.
   * @default every record
   */
  limit?: number;
  /** Stops before the next record once aborted (the record running finishes); the result says `stopped`. */
  signal?: AbortSignal;
}

/**
 * What became of one record in a replay:
 * - `replayed`: its handler ran and succeeded; the record is removed.
 * - `duplicate`: the dedupe store shows it handled already (the sender's retry, another replay); removed without running.
 * - `failed`: its handler threw again; the record is kept with `attempts` + 1 and the new error.
 * - `in-flight`: another process holds its id right now; kept, for the next replay.
 * - `unhandled`: the handler has no function for its kind any more; kept (prune it, or add the function).
 * - `unreadable`: its body no longer parses as a notice, or its id is not the body's; kept and set
 *   aside, never run: look at it with `partner-commerce webhooks dead-letters`.
 */
export type DeadLetterReplayOutcome = 'replayed' | 'duplicate' | 'failed' | 'in-flight' | 'unhandled' | 'unreadable';

/** One record's line of a {@link DeadLetterReplayResult}. */
export interface DeadLetterReplayNotice {
  /** The record's id. */
  id: string;
  /** The record's kind, as recorded. */
  evento: string;
  /** What became of it. */
  outcome: DeadLetterReplayOutcome;
  /** For `failed` and `unreadable`: why, redacted. */
  error?: { name: string; message: string };
}

/** What `handler.replayDeadLetters()` did: a count per outcome, and one line per record. */
export interface DeadLetterReplayResult {
  /** Records whose handler ran and succeeded (removed). */
  replayed: number;
  /** Records already handled elsewhere (removed without running). */
  duplicates: number;
  /** Records whose handler threw again (kept, attempts + 1). */
  failed: number;
  /** Records another process held (kept). */
  inFlight: number;
  /** Records of a kind with no handler now (kept). */
  unhandled: number;
  /** Records whose body no longer parses (kept, never run). */
  unreadable: number;
  /** True when `signal` stopped the replay before every record was gone through. */
  stopped: boolean;
  /** Every record gone through, in order. */
  notices: DeadLetterReplayNotice[];
}

/** @internal How the handler ran one notice: its outcome, or what its handler threw (and for a lote, the item). */
export type NoticeRun = { outcome: 'handled' | 'duplicate' | 'unhandled' | 'unknown' | 'in-flight' } | { error: unknown; item?: { id: string; evento: string } | undefined };

/** @internal What the replay needs of the handler that made it. */
export interface ReplayContext {
  readonly store: DeadLetterStore;
  /** Runs a parsed notice through the handler's functions and dedupe store; throws only a store failure. */
  run(evento: EventoWebhook): Promise<NoticeRun>;
  report(error: unknown, context: WebhookErrorContext): void;
  now(): number;
}

const PAGE = 100;

/**
 * @internal Runs every recorded notice again through the handler, in id order, each id at most once
 * across every process sharing the dedupe store (the same `reserve` a live delivery takes). A record
 * that fails, cannot be read or cannot be run now is kept and the replay goes on to the next.
 */
export async function replayDeadLetters(context: ReplayContext, options: DeadLetterReplayOptions = {}): Promise<DeadLetterReplayResult> {
  const { limit = Number.POSITIVE_INFINITY, signal } = checkOptions(replayDeadLettersOptionsSchema, options, 'replayDeadLetters');
  const result: DeadLetterReplayResult = { replayed: 0, duplicates: 0, failed: 0, inFlight: 0, unhandled: 0, unreadable: 0, stopped: false, notices: [] };
  let after: string | undefined;
  while (result.notices.length < limit) {
    const page = await context.store.list({ limit: Math.min(PAGE, limit - result.notices.length), ...(after === undefined ? {} : { after }) });
    if (page.length === 0) break;
    for (const letter of page) {
      if (signal?.aborted) return { ...result, stopped: true };
      const notice = await replayOne(context, letter);
      result.notices.push(notice);
      count(result, notice.outcome);
    }
    after = page[page.length - 1]!.id;
  }
  return result;
}

async function replayOne(context: ReplayContext, letter: DeadLetter): Promise<DeadLetterReplayNotice> {
  const { id, evento: kind } = letter;
  let evento: EventoWebhook;
  try {
    evento = parseWebhookJson(readWebhookJson(letter.body));
  } catch (err) {
    return { id, evento: kind, outcome: 'unreadable', error: deadLetterError(err) };
  }
  // The store is trusted like the dedupe store, but a record whose id is not its body's would run one
  // notice under another's key: exactly-once would no longer hold.
  if (evento.id !== id) return { id, evento: kind, outcome: 'unreadable', error: { name: 'Error', message: `the body's id (${evento.id.slice(0, 100)}) is not the record's` } };
  let run: NoticeRun;
  try {
    run = await context.run(evento);
  } catch (err) {
    // The dedupe store failed: nobody knows whether it ran, so the record stays as it was.
    context.report(err, { stage: 'dedupe', status: 500, evento: kind, id });
    return { id, evento: kind, outcome: 'failed', error: deadLetterError(err) };
  }
  if ('error' in run) {
    const error = deadLetterError(run.error);
    context.report(run.error, { stage: 'handler', status: 500, ...(run.item ?? { evento: kind, id }) });
    await context.store
      .record({ id, evento: kind, item: run.item?.id, body: letter.body, error, failedAt: context.now() })
      .catch((err: unknown) => context.report(err, { stage: 'dead-letter', status: 500, evento: kind, id }));
    return { id, evento: kind, outcome: 'failed', error };
  }
  const outcome = run.outcome === 'handled' ? 'replayed' : run.outcome === 'unknown' ? 'unhandled' : run.outcome;
  if (outcome === 'replayed' || outcome === 'duplicate') await context.store.remove(id).catch((err: unknown) => context.report(err, { stage: 'dead-letter', status: 200, evento: kind, id }));
  return { id, evento: kind, outcome };
}

function count(result: DeadLetterReplayResult, outcome: DeadLetterReplayOutcome): void {
  if (outcome === 'replayed') result.replayed++;
  else if (outcome === 'duplicate') result.duplicates++;
  else if (outcome === 'failed') result.failed++;
  else if (outcome === 'in-flight') result.inFlight++;
  else if (outcome === 'unhandled') result.unhandled++;
  else result.unreadable++;
}
