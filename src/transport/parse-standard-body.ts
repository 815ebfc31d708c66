import type { InputIssue } from '../errors/invalid-input-error.js';
import type { StandardSchemaV1 } from '../internal/standard-schema.js';
import { doesNotFit, readJson, type ParsedBody } from './parse-body.js';
import type { ResponseMeta } from './response-meta.js';
import type { ResponseValidation } from './response-validation.js';

/**
 * @internal {@link parseBody} for a schema of another library (`client.request({ schema })` with
 * valibot, arktype, a zod 3 schema...), through its Standard Schema `validate`. Same outcomes: the
 * output, or an UnexpectedResponseError naming each field; under lenient validation the body as sent
 * (another library's output cannot be merged field by field with what it refused).
 */
export async function parseStandardBody(
  text: string,
  status: number,
  schema: StandardSchemaV1,
  where: string,
  meta: Pick<ResponseMeta, 'requestId' | 'idempotencyKey'>,
  validation: ResponseValidation = 'strict',
): Promise<ParsedBody> {
  const { json } = readJson(text, status, where, meta);
  const result = await schema['~standard'].validate(json);
  if (result.issues === undefined) return { data: result.value, issues: [] };
  const issues = result.issues.map(toInputIssue);
  if (validation === 'lenient') return { data: json, issues };
  throw doesNotFit(issues, json, status, where, meta);
}

function toInputIssue(issue: StandardSchemaV1.Issue): InputIssue {
  // A library's message is whatever it wrote; a path segment may be a key or `{ key }`.
  const path = (issue.path ?? []).map((s) => String(typeof s === 'object' && s !== null ? s.key : s)).join('.');
  return { path, message: typeof issue.message === 'string' ? issue.message : 'invalid' };
}

/** @internal A zod 4 schema, parsed by the SDK's own path (no `validate` indirection, lenient merge kept). */
export function isZodSchema(schema: StandardSchemaV1): boolean {
  return '_zod' in schema;
}
