import type * as core from 'zod/v4/core';
import type { EventoWebhook } from './events.js';
import { describe, issueMessage } from './issue-message.js';
import { eventoSchemaFor } from './evento-schema.js';
import { explainWith, toIssue } from '../internal/zod-issue.js';
import { WebhookParseError } from './webhook-parse-error.js';

/**
 * A webhook body as a receiver gets it: the raw text, the raw bytes (`Uint8Array`, Node's `Buffer`,
 * `ArrayBuffer`), or the object a JSON parser already made of them.
 */
export type WebhookBody = string | Uint8Array | ArrayBuffer | object;

// `fatal`: bytes that are not UTF-8 are a malformed body, not text with replacement characters.
const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Parses and validates a webhook notice.
 *
 * Known kinds are checked against the spec's shape for their `dados` (built from the shared models:
 * money fields become `Money`, timestamps are checked and kept as sent). A kind the SDK does not know
 * parses too, as an {@link EventoDesconhecido} with `evento` and `dados` kept as sent: new kinds arrive
 * without a version change and must not be answered with an error. Fields the SDK does not know are kept
 * everywhere. A `produto.lote` stays one event; {@link expandBatch} gives the single events it replaces.
 *
 * An object is taken to be the JSON as received (money still as strings), and is not modified.
 *
 * @param body the raw text or bytes of the request body (preferred: the same bytes a signature covers),
 *   or an already-parsed JSON object.
 * @returns the event, a union discriminated by `evento`.
 * @throws {WebhookParseError} when the body is not JSON (or not UTF-8), not an object, misses or has a
 *   wrong envelope field (`id` with prefix `evt_`, `evento`, `criadoEm`, `ambiente`, `integracao`,
 *   `dados`), or, for a known kind, `dados` does not fit; `issues` lists every problem by dotted path
 *   (`dados.pedido.total`). Nothing else is ever thrown.
 *
 * @example
 * const e = parseWebhook(rawBody);
 * if (e.evento === 'pedido.status_alterado') console.log(e.dados.pedido.statusAnterior, '->', e.dados.pedido.status);
 */
export function parseWebhook(body: WebhookBody): EventoWebhook {
  return parseWebhookJson(readWebhookJson(body));
}

/** @internal {@link parseWebhook} of a value already read as JSON (see {@link readWebhookJson}). */
export function parseWebhookJson(value: unknown): EventoWebhook {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new WebhookParseError([{ path: '', message: `must be a JSON object (got ${describe(value)})` }]);
  }
  let result: core.util.SafeParseResult<unknown>;
  try {
    const schema = eventoSchemaFor(value);
    // The error map is passed only to explain a failure: zod parses about twice as slowly with one.
    result = schema.safeParse(value);
    if (!result.success) result = schema.safeParse(value, { error: explainWith(issueMessage) });
  } catch (err) {
    // Only an object handed in by the caller (a getter or proxy that throws) can get here.
    throw new WebhookParseError([{ path: '', message: `could not be read: ${err instanceof Error ? err.message : String(err)}` }]);
  }
  if (!result.success) throw new WebhookParseError(result.error.issues.map(toIssue));
  return result.data as EventoWebhook;
}

/** @internal The JSON value of a body, as {@link parseWebhook} reads it. @throws {WebhookParseError} */
export function readWebhookJson(body: WebhookBody): unknown {
  if (typeof body === 'object' && body !== null && !(body instanceof Uint8Array) && !(body instanceof ArrayBuffer)) return body;
  let text: string;
  if (typeof body === 'string') text = body;
  else if (body instanceof Uint8Array || body instanceof ArrayBuffer) {
    try {
      text = utf8.decode(body);
    } catch {
      throw new WebhookParseError([{ path: '', message: 'is not valid UTF-8 text' }]);
    }
  } else {
    throw new WebhookParseError([{ path: '', message: `must be the body as text, bytes or a parsed object (got ${describe(body)})` }]);
  }
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new WebhookParseError([{ path: '', message: `is not valid JSON (${err instanceof Error ? err.message : String(err)})` }]);
  }
}
