import * as z from 'zod/mini';
import type * as core from 'zod/v4/core';
import { explainWith, toIssue } from '../internal/zod-issue.js';
import { UnexpectedResponseError } from '../errors/unexpected-response-error.js';
import type { ResponseMeta } from './response-meta.js';

/**
 * @internal Turns a success body into data: JSON, then the schema (unknown fields kept). An answer
 * that does not fit is an UnexpectedResponseError naming each field, never a silent `undefined`.
 */
export function parseBody(text: string, status: number, schema: core.$ZodType | undefined, where: string, meta: Pick<ResponseMeta, 'requestId' | 'idempotencyKey'>): unknown {
  const base = { status, requestId: meta.requestId, idempotencyKey: meta.idempotencyKey };
  if (text.trim() === '') {
    if (schema === undefined) return undefined;
    // Answers with nothing to read (removals, the reset) declare a schema that accepts no body.
    const empty = z.safeParse(schema, undefined);
    if (empty.success) return empty.data;
    throw new UnexpectedResponseError(`Unexpected response from ${where} (${status}): empty body`, { ...base, issues: [{ path: '', message: 'empty body' }] });
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (cause) {
    throw new UnexpectedResponseError(`Unexpected response from ${where} (${status}): body is not JSON`, { ...base, cause, issues: [{ path: '', message: 'not JSON' }] });
  }
  if (schema === undefined) return json;
  const result = z.safeParse(schema, json);
  if (result.success) return result.data;
  // Parsed again only to word the failure in English (zod/mini carries no messages of its own).
  const issues = (z.safeParse(schema, json, { error: explainWith() }).error ?? result.error).issues.map(toIssue);
  const summary = issues
    .slice(0, 5)
    .map((i) => `${i.path || '(body)'}: ${i.message}`)
    .join('; ');
  throw new UnexpectedResponseError(`Unexpected response from ${where} (${status}): ${summary}`, { ...base, issues });
}
