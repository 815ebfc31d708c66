/**
 * The webhook handler checks every option when it is created, and names every bad one in one
 * InvalidInputError: `maxBodyBytes`, the dedupe times, `allowUnsignedPing`, `onError` and `logger`
 * included (unchecked, a negative `maxBodyBytes` would answer every delivery 413).
 */
import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../../src/index.js';
import { createMemoryDedupeStore, createWebhookHandler, productHandlers, type EventoProduto, type MemoryDedupeStoreOptions, type WebhookHandlerOptions } from '../../src/webhooks/index.js';
import { refusal } from '../helpers/refusal.js';

/** The error createWebhookHandler throws for `options` (fails when it throws nothing or another error). */
const handlerRefusal = (options: unknown): InvalidInputError => refusal(() => createWebhookHandler(options as WebhookHandlerOptions));

describe('createWebhookHandler options', () => {
  it('names every bad option in one InvalidInputError', () => {
    const err = handlerRefusal({
      verify: 'unsafe-skip',
      maxBodyBytes: -1,
      dedupe: { ttlMs: 0, reserveTtlMs: 'x' },
      allowUnsignedPing: 'yes',
      onError: 1,
      logger: {},
    });
    expect(err.issues.map((i) => i.path).sort()).toEqual(['allowUnsignedPing', 'dedupe.reserveTtlMs', 'dedupe.ttlMs', 'logger', 'maxBodyBytes', 'onError']);
    expect(err.issues.find((i) => i.path === 'maxBodyBytes')?.message).toBe('must be a positive whole number of bytes (got -1)');
    expect(err.issues.find((i) => i.path === 'dedupe.ttlMs')?.message).toBe('must be a positive number of milliseconds (got 0)');
  });

  it('names a missing verify together with the other bad options', () => {
    const err = handlerRefusal({ maxBodyBytes: 1.5 });
    expect(err.issues.map((i) => i.path).sort()).toEqual(['maxBodyBytes', 'verify']);
    expect(err.issues.find((i) => i.path === 'verify')?.message).toMatch(/^is required: a function/);
  });

  it('takes good options as before', () => {
    const logger = { warn() {}, error() {} };
    const handler = createWebhookHandler({ verify: 'unsafe-skip', maxBodyBytes: 1024, dedupe: { ttlMs: 1000, reserveTtlMs: 500 }, allowUnsignedPing: false, onError() {}, logger });
    expect(typeof handler.handle).toBe('function');
    expect(typeof createWebhookHandler({ verify: 'unsafe-skip', dedupe: false, logger }).fetch).toBe('function');
  });
});

describe('createMemoryDedupeStore and productHandlers options', () => {
  it('createMemoryDedupeStore names every bad option in one InvalidInputError', () => {
    const err = refusal(() => createMemoryDedupeStore({ maxEntries: 0, now: 5, maxEntires: 3 } as unknown as MemoryDedupeStoreOptions));
    expect(err).toBeInstanceOf(InvalidInputError);
    expect(err.issues.map((i) => i.path).sort()).toEqual(['maxEntires', 'maxEntries', 'now']);
    expect(err.message).toMatch(/maxEntries: must be a positive whole number \(got 0\)/);
  });

  it('productHandlers names fn in an InvalidInputError when it is not a function', () => {
    const err = refusal(() => productHandlers('log' as unknown as (e: EventoProduto) => void));
    expect(err).toBeInstanceOf(InvalidInputError);
    expect(err.issues).toEqual([{ path: 'fn', message: 'must be a function (got string)' }]);
  });
});
