import type * as core from 'zod/v4/core';

/**
 * @internal Error map for webhook parsing: says what was expected and what came, in the SDK's words
 * (`is required (expected string)`, `expected number, got the string "12"`); zod's defaults otherwise.
 */
export function issueMessage(issue: core.$ZodRawIssue): string | undefined {
  if (issue.code !== 'invalid_type') return undefined;
  const expected = issue.expected === 'record' ? 'object' : issue.expected;
  if (issue.input === undefined) return expected === 'nonoptional' ? 'is required' : `is required (expected ${expected})`;
  return `expected ${expected}, got ${describe(issue.input)}`;
}

/** @internal A short description of a JSON value for messages; long strings are not echoed. */
export function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return value.length > 40 ? 'a string' : `the string ${JSON.stringify(value)}`;
  if (typeof value === 'number' || typeof value === 'boolean') return `${typeof value} ${String(value)}`;
  return typeof value;
}
