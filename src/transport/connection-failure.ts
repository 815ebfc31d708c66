import { ConnectionError } from '../errors/connection-error.js';

/** Error codes meaning the request never left this machine (node, undici, Bun). */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ConnectionRefused', 'UND_ERR_CONNECT_TIMEOUT']);
const NOT_SENT_TEXT = /connection refused|ECONNREFUSED|getaddrinfo|dns error/i;

/** @internal Wraps what fetch threw into a ConnectionError, telling whether anything was sent. */
export function connectionErrorFrom(err: unknown, where: string, idempotencyKey: string | undefined): ConnectionError {
  const codes: string[] = [];
  const texts: string[] = [];
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') codes.push(code);
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string') texts.push(message);
  }
  const beforeSending = codes.some((c) => NOT_SENT_CODES.has(c)) || texts.some((t) => NOT_SENT_TEXT.test(t));
  const detail = codes[codes.length - 1] ?? texts[texts.length - 1] ?? 'unknown error';
  return new ConnectionError(`Connection failed for ${where}: ${detail}`, { cause: err, idempotencyKey, beforeSending });
}
