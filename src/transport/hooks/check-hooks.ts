import * as z from 'zod/mini';
import { optionIssues } from '../../errors/check-options.js';
import type { InputIssue } from '../../errors/invalid-input-error.js';
import { once } from '../../internal/once.js';
import { HOOK_NAMES, type CallHooks } from './hook-types.js';

// One set of hooks: each known hook a function, any other key refused (a misspelt `afterRespons`
// would otherwise never run, silently). Built at the first check, not at import.
const hookSetSchema = once(() => {
  const hook = z.optional(z.custom<(context: never) => unknown>((v) => typeof v === 'function', { error: 'must be a function' }));
  return z.strictObject(Object.fromEntries(HOOK_NAMES.map((name) => [name, hook])), { error: `must be an object of hooks (${HOOK_NAMES.join(', ')})` });
});

/**
 * @internal Checks a `hooks` option (one set, or a list run in order), naming each bad field
 * (`hooks[1].afterRespons`) in `issues`; returns the sets as a list.
 */
export function checkHooks(value: unknown, path: string, issues: InputIssue[]): readonly CallHooks[] {
  if (value === undefined) return [];
  const list: readonly unknown[] = Array.isArray(value) ? value : [value];
  list.forEach((hooks, i) => {
    const at = Array.isArray(value) ? `${path}[${i}]` : path;
    issues.push(...optionIssues(hookSetSchema, hooks, at, at));
  });
  return list as readonly CallHooks[];
}
