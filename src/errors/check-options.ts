import * as z from 'zod/mini';
import type * as core from 'zod/v4/core';
import { explainWith } from '../internal/zod-issue.js';
import { InvalidInputError, type InputIssue } from './invalid-input-error.js';

/**
 * @internal Checks an options object against its schema and returns the parsed value, or throws ONE
 * {@link InvalidInputError} naming every bad field (dotted paths from the object the caller wrote),
 * so a caller fixes them all at once rather than one per run. `schema` is a getter (`once(...)`) so
 * that no schema is built at import. `what` names the options object in the message for an unknown
 * key at the top (`is not an option of createRedisDedupeStore`); deeper ones name their parent field.
 * The schema is parsed without an error map first (the common, valid case stays cheap), and again with
 * the English one only when it failed, since zod/mini alone says "Invalid input" for everything.
 */
export function checkOptions<S extends core.$ZodType>(schema: () => S, value: unknown, what: string): core.output<S> {
  const built = schema();
  const quick = z.safeParse(built, value);
  if (quick.success) return quick.data;
  const explained = z.safeParse(built, value, { error: explainWith() }).error ?? quick.error;
  throw new InvalidInputError(explained.issues.flatMap((issue) => toIssues(issue, built, what)));
}

function toIssues(issue: core.$ZodIssue, schema: core.$ZodType, what: string): InputIssue[] {
  const at = issue.path.map(String).join('.');
  if (issue.code !== 'unrecognized_keys') return [{ path: at, message: issue.message }];
  const known = knownKeys(schema, issue.path);
  const owner = at === '' ? what : at;
  return issue.keys.map((key) => ({
    path: at === '' ? key : `${at}.${key}`,
    message: `is not an option of ${owner}${known.length > 0 ? ` (known: ${known.join(', ')})` : ''}`,
  }));
}

/** The keys the object schema at `path` declares, for the "known:" list; empty when it cannot tell. */
function knownKeys(schema: core.$ZodType, path: readonly PropertyKey[]): string[] {
  let current: core.$ZodType | undefined = schema;
  for (const step of path) {
    const shape = shapeOf(current);
    current = shape?.[String(step)];
  }
  return Object.keys(shapeOf(current) ?? {});
}

function shapeOf(schema: core.$ZodType | undefined): Record<string, core.$ZodType> | undefined {
  let def = schema?._zod.def as { type?: string; shape?: Record<string, core.$ZodType>; innerType?: core.$ZodType } | undefined;
  // Optional and defaulted objects wrap the object schema once.
  while (def !== undefined && def.shape === undefined && def.innerType !== undefined) def = def.innerType._zod.def as typeof def;
  return def?.shape;
}
