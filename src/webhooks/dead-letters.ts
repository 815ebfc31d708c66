import { redactTokens } from '../errors/redact.js';
import { storableText } from '../internal/storable-text.js';

/**
 * A notice whose handler threw, as a {@link DeadLetterStore} keeps it, so it can be run again later
 * (`handler.replayDeadLetters()`, or `partner-commerce webhooks replay-failed`).
 */
export interface DeadLetter {
  /**
   * The notice's id (`evt_...`): the key its work is deduplicated under, so a replay runs it at most
   * once. For a `produto.lote`, the lote's id: a replay runs the lote again, and the items a delivery
   * already handled are skipped (see {@link DeadLetter.item}).
   */
  id: string;
  /** The notice's kind, as sent (`pedido.criado`, `produto.lote`). */
  evento: string;
  /** For a `produto.lote`, the id of the item whose handler threw (`${loteId}:${index}`). */
  item?: string | undefined;
  /** The body exactly as received and verified (UTF-8 text), which a replay parses again. */
  body: string;
  /** What the handler threw, its message redacted of anything shaped like an access token. */
  error: DeadLetterError;
  /** How many times its handling failed (the delivery, the sender's retries, replays): 1 or more. */
  attempts: number;
  /** When it first failed, in epoch milliseconds. */
  firstFailedAt: number;
  /** When it last failed, in epoch milliseconds; age for retention counts from here. */
  lastFailedAt: number;
}

/** The error a {@link DeadLetter} keeps: only its name and message, never a stack or a cause. */
export interface DeadLetterError {
  /** `error.name` (`TypeError`), or `'Error'` for a value that is not an Error. */
  name: string;
  /** `error.message`, redacted. */
  message: string;
}

/** What {@link DeadLetterStore.record} is given: a failure, which it merges into any record of the same id. */
export interface DeadLetterFailure {
  /** See {@link DeadLetter.id}. */
  id: string;
  /** See {@link DeadLetter.evento}. */
  evento: string;
  /** See {@link DeadLetter.item}. */
  item?: string | undefined;
  /** See {@link DeadLetter.body}. */
  body: string;
  /** See {@link DeadLetter.error}. */
  error: DeadLetterError;
  /** When it failed, in epoch milliseconds. */
  failedAt: number;
}

/** Options of {@link DeadLetterStore.list}. */
export interface DeadLetterListOptions {
  /**
   * Most records returned.
   * @default 100
   */
  limit?: number;
  /** Only records whose id comes after this one in the store's order (to page: the last id of the page before). */
  after?: string;
}

/**
 * Where the webhook handler keeps the notices whose handler threw (its `deadLetters` option), so they
 * can be run again once the cause is fixed. {@link createMemoryDeadLetterStore} (one process) and
 * `createRedisDeadLetterStore` (`partner-commerce/redis`, shared) implement it.
 *
 * A replay parses the recorded body and runs it without checking its signature again (it was checked
 * when it was recorded), so whoever can write to the store can have a notice handled: keep it as
 * trusted as the dedupe store. Every store is bounded (most records, and an age) and says which record
 * it dropped to stay so.
 */
export interface DeadLetterStore {
  /**
   * Records a failure: a new record with `attempts` 1, or the record of the same id updated (the new
   * error, body and time, `attempts` + 1, `firstFailedAt` kept).
   */
  record(failure: DeadLetterFailure): Promise<void>;
  /** Records in id order, at most `limit`, after `after`. */
  list(options?: DeadLetterListOptions): Promise<DeadLetter[]>;
  /** Removes the record of `id`, if any (handled since, by a replay or by the sender's own retry). */
  remove(id: string): Promise<void>;
  /** Removes the records whose last failure is older than `olderThanMs` before now. @returns how many. */
  prune(options: { olderThanMs: number }): Promise<number>;
  /** Optional: releases the store's connection; the handler's `close()` calls it. */
  close?(): Promise<void>;
}

/** @internal A thrown value as a {@link DeadLetterError}, without anything token-shaped. */
export function deadLetterError(error: unknown): DeadLetterError {
  const name = error instanceof Error && typeof error.name === 'string' ? error.name : 'Error';
  const message = error instanceof Error ? error.message : String(error);
  // Bounded: a handler's message may embed a whole response body. Escaped what a text column refuses
  // (NUL, a lone surrogate), so the record is kept on every store alike.
  return { name: storableText(redactTokens(name)).slice(0, 200), message: storableText(redactTokens(message)).slice(0, 4000) };
}

/** @internal The record a failure leaves: merged into the id's earlier record (one more attempt, its first failure kept). */
export function mergeFailure(old: DeadLetter | undefined, failure: DeadLetterFailure): DeadLetter {
  return {
    id: failure.id,
    evento: failure.evento,
    ...(failure.item === undefined ? {} : { item: failure.item }),
    body: failure.body,
    error: { ...failure.error },
    attempts: (old?.attempts ?? 0) + 1,
    firstFailedAt: old?.firstFailedAt ?? failure.failedAt,
    lastFailedAt: failure.failedAt,
  };
}
