import * as z from 'zod/mini';
import type * as core from 'zod/v4/core';
import type { InputIssue } from '../errors/invalid-input-error.js';
import { explainWith, toIssue } from '../internal/zod-issue.js';
import { UnexpectedResponseError } from '../errors/unexpected-response-error.js';
import type { ResponseMeta } from './response-meta.js';
import type { ResponseValidation } from './response-validation.js';

/** @internal A parsed success body, with the fields left as sent under lenient validation. */
export interface ParsedBody {
  readonly data: unknown;
  readonly issues: readonly InputIssue[];
}

const NO_ISSUES: readonly InputIssue[] = Object.freeze([]);

/**
 * @internal Turns a success body into data: JSON, then the schema (unknown fields kept). An answer
 * that does not fit is an UnexpectedResponseError saying the server accepted the call and naming
 * each field, never a silent `undefined`; or, under lenient validation, the body with those fields
 * as sent.
 */
export function parseBody(
  text: string,
  status: number,
  schema: core.$ZodType | undefined,
  where: string,
  meta: Pick<ResponseMeta, 'requestId' | 'idempotencyKey'>,
  validation: ResponseValidation = 'strict',
): ParsedBody {
  const read = readJson(text, status, where, meta);
  if (schema === undefined) return { data: read.json, issues: NO_ISSUES };
  if (read.empty) {
    // Answers with nothing to read (removals, the reset) declare a schema that accepts no body.
    const empty = z.safeParse(schema, undefined);
    if (empty.success) return { data: empty.data, issues: NO_ISSUES };
    throw new UnexpectedResponseError(`${accepted(where, status)}: empty body`, { ...origin(status, meta), issues: [{ path: '', message: 'empty body' }] });
  }
  const json = read.json;
  const result = z.safeParse(schema, json);
  if (result.success) return { data: result.data, issues: NO_ISSUES };
  // Parsed again only to word the failure in English (zod/mini carries no messages of its own).
  const raw = (z.safeParse(schema, json, { error: explainWith() }).error ?? result.error).issues;
  const issues = raw.map(toIssue);
  if (validation === 'lenient')
    return {
      data: asSentWhereItFails(
        schema,
        json,
        raw.map((i) => i.path),
      ),
      issues,
    };
  throw doesNotFit(issues, json, status, where, meta);
}

const accepted = (where: string, status: number) => `${where} was accepted (${status}) but its answer does not fit`;

/** Which answer an error is about, built only when one is thrown. */
const origin = (status: number, meta: Pick<ResponseMeta, 'requestId' | 'idempotencyKey'>) => ({ status, requestId: meta.requestId, idempotencyKey: meta.idempotencyKey });

/** @internal The JSON of a success body (`undefined` and `empty` when there is none). @throws {UnexpectedResponseError} when it is not JSON */
export function readJson(text: string, status: number, where: string, meta: Pick<ResponseMeta, 'requestId' | 'idempotencyKey'>): { empty: boolean; json: unknown } {
  if (text.trim() === '') return { empty: true, json: undefined };
  try {
    return { empty: false, json: JSON.parse(text) };
  } catch (cause) {
    throw new UnexpectedResponseError(`${accepted(where, status)}: the body is not JSON`, { ...origin(status, meta), cause, issues: [{ path: '', message: 'not JSON' }] });
  }
}

/** @internal The error for a body its schema refused, naming the first five fields and carrying the body. */
export function doesNotFit(issues: readonly InputIssue[], json: unknown, status: number, where: string, meta: Pick<ResponseMeta, 'requestId' | 'idempotencyKey'>): UnexpectedResponseError {
  const summary = issues
    .slice(0, 5)
    .map((i) => `${i.path || '(body)'}: ${i.message}`)
    .join('; ');
  const more = issues.length > 5 ? `; and ${issues.length - 5} more` : '';
  return new UnexpectedResponseError(`${accepted(where, status)}: ${summary}${more}`, { ...origin(status, meta), issues, body: json });
}

/**
 * The body parsed with every field that fits, and each field that does not as the server sent it:
 * the failing fields are set aside, the rest parsed, then the failing ones put back untouched. When
 * even that does not parse (the failure is in the body's structure), the body is returned as sent.
 */
function asSentWhereItFails(schema: core.$ZodType, json: unknown, paths: readonly (readonly PropertyKey[])[]): unknown {
  const copy = structuredClone(json);
  const setAside: [readonly PropertyKey[], unknown][] = [];
  for (const path of paths) {
    if (path.length === 0) return json;
    const parent = at(copy, path.slice(0, -1));
    if (typeof parent !== 'object' || parent === null) return json;
    const key = path[path.length - 1] as string | number;
    setAside.push([path, (parent as Record<string | number, unknown>)[key]]);
    delete (parent as Record<string | number, unknown>)[key];
  }
  const retry = z.safeParse(schema, copy);
  if (!retry.success) return json;
  for (const [path, value] of setAside) {
    const parent = at(retry.data, path.slice(0, -1));
    if (typeof parent === 'object' && parent !== null) (parent as Record<string | number, unknown>)[path[path.length - 1] as string | number] = value;
  }
  return retry.data;
}

function at(value: unknown, path: readonly PropertyKey[]): unknown {
  let here = value;
  for (const key of path) here = typeof here === 'object' && here !== null ? (here as Record<PropertyKey, unknown>)[key] : undefined;
  return here;
}
