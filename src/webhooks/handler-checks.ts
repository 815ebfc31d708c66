import * as z from 'zod/mini';
import { hasMethods, positiveMs, loggerOption } from '../errors/check-options.js';
import { got } from '../internal/kind-of.js';
import { once } from '../internal/once.js';

/**
 * @internal The options of `createWebhookHandler` checked here, at creation: unchecked, a negative
 * `maxBodyBytes` would answer every delivery 413 and a logger without `error` would fail at the first 500. `verify`
 * and `telemetry` keep their own checkers; the handler puts every issue in one error. Loose, because
 * the other fields (`on`, `onUnknown`, `verify`, `telemetry`) are not described here. Built on first use.
 */
export const webhookHandlerChecksSchema = once(() =>
  z.looseObject({
    maxBodyBytes: z.optional(
      z.custom<number>((v) => typeof v === 'number' && Number.isSafeInteger(v) && v > 0, {
        error: (issue) => `must be a positive whole number of bytes (got ${got(issue.input)})`,
      }),
    ),
    dedupe: z.optional(z.union([z.boolean(), z.strictObject({ ttlMs: positiveMs(), reserveTtlMs: positiveMs(), store: z.optional(z.unknown()) })])),
    allowUnsignedPing: z.optional(z.custom<boolean>((v) => typeof v === 'boolean', { error: (issue) => `must be true or false (got ${got(issue.input)})` })),
    onError: z.optional(z.custom<unknown>((v) => typeof v === 'function', { error: 'must be a function (error, context) => void' })),
    logger: loggerOption('warn', 'error'),
    deadLetters: z.optional(
      z.custom<unknown>((v) => hasMethods(v, ['record', 'list', 'remove', 'prune']), {
        error: 'must be a dead-letter store with record, list, remove and prune (createMemoryDeadLetterStore() fits)',
      }),
    ),
  }),
);

/**
 * @internal The options of `createMemoryDedupeStore`, checked at once like every other options object:
 * a `maxEntries` of 0 would forget each id as soon as it was added. Strict, so a
 * misspelt option is named rather than ignored.
 */
export const memoryDedupeStoreOptionsSchema = once(() =>
  z.strictObject({
    maxEntries: z.optional(
      z.custom<number>((v) => typeof v === 'number' && Number.isSafeInteger(v) && v >= 1, {
        error: (issue) => `must be a positive whole number (got ${got(issue.input)})`,
      }),
    ),
    now: z.optional(z.custom<() => number>((v) => typeof v === 'function', { error: 'must be a function returning milliseconds (Date.now fits)' })),
  }),
);

/** @internal `productHandlers`' one argument, as an options object so its error names it (`fn`). */
export const productHandlersArgsSchema = once(() =>
  z.object({ fn: z.custom<(...args: never[]) => unknown>((v) => typeof v === 'function', { error: (issue) => `must be a function (got ${got(issue.input)})` }) }),
);
