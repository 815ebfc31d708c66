import * as z from 'zod/mini';
import type { InputIssue } from '../errors/invalid-input-error.js';

/** @internal The spec's rule for an Idempotency-Key: 1 to 255 visible ASCII characters, no spaces. */
export const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

/** Methods the spec treats as safe to repeat: the server applies them once however often they arrive. */
const REPEATABLE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);

const KEY_RULE = 'must be 1 to 255 visible ASCII characters with no spaces';

/** @internal The schema of the `idempotencyKey` option: absent, or a key the spec allows. */
export function idempotencyKeySchema(): z.ZodMiniOptional<z.ZodMiniCustom<string, string>> {
  return z.optional(z.custom<string>((v) => typeof v === 'string' && IDEMPOTENCY_KEY.test(v), { error: KEY_RULE }));
}

/** @internal Adds an issue naming `idempotencyKey` when `key` breaks the spec's rule. */
export function checkIdempotencyKey(key: unknown, issues: InputIssue[]): void {
  if (typeof key !== 'string' || !IDEMPOTENCY_KEY.test(key)) {
    issues.push({ path: 'idempotencyKey', message: KEY_RULE });
  }
}

/** @internal A fresh key for a creation call: random, so two calls never share one by accident. */
export function newIdempotencyKey(): string {
  return globalThis.crypto.randomUUID();
}

/**
 * @internal True when sending the call again cannot apply it twice: its method is repeatable, or it
 * carries an Idempotency-Key (the server then applies it once however often it arrives).
 */
export function safeToRepeat(method: string, hasIdempotencyKey: boolean): boolean {
  return REPEATABLE_METHODS.has(method) || hasIdempotencyKey;
}
