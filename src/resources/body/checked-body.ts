import { InvalidInputError, type InputIssue } from '../../errors/invalid-input-error.js';
import type { Rule } from './rules.js';

/** @internal The `body` and `prepare` of a request spec, spread into it as they are. */
export interface CheckedBody {
  body: Record<string, unknown>;
  prepare: () => void;
}

/**
 * @internal Checks the fields of a request body that the spec names and gives what to send:
 * those fields in their wire form, every other field untouched. Building never throws; `prepare`
 * (run inside the call, so the call's promise rejects) throws one InvalidInputError naming every
 * refused field, before anything is sent.
 */
export function checkBody(params: unknown, rules: Readonly<Record<string, Rule>>): CheckedBody {
  if (typeof params !== 'object' || params === null || Array.isArray(params)) {
    const issue: InputIssue = { path: 'body', message: `must be an object (got ${params === null ? 'null' : Array.isArray(params) ? 'an array' : typeof params})` };
    return { body: {}, prepare: () => fail([issue]) };
  }
  const body: Record<string, unknown> = { ...params };
  const issues: InputIssue[] = [];
  for (const [field, rule] of Object.entries(rules)) {
    const result = rule(body[field]);
    if (!result.ok) issues.push({ path: field, message: result.problem });
    else if (result.value !== undefined) body[field] = result.value;
  }
  return { body, prepare: () => (issues.length > 0 ? fail(issues) : undefined) };
}

function fail(issues: InputIssue[]): never {
  throw new InvalidInputError(issues);
}
