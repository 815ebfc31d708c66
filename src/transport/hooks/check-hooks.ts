import type { InputIssue } from '../../errors/invalid-input-error.js';
import { HOOK_NAMES, type CallHooks } from './hook-types.js';

/** @internal Checks a `hooks` option, naming the bad field (`hooks[1].afterRespons`); returns them as a list. */
export function checkHooks(value: unknown, path: string, issues: InputIssue[]): readonly CallHooks[] {
  if (value === undefined) return [];
  const list: readonly unknown[] = Array.isArray(value) ? value : [value];
  const out: CallHooks[] = [];
  list.forEach((hooks, i) => {
    const at = Array.isArray(value) ? `${path}[${i}]` : path;
    if (typeof hooks !== 'object' || hooks === null || Array.isArray(hooks)) {
      issues.push({ path: at, message: `must be an object of hooks (${HOOK_NAMES.join(', ')})` });
      return;
    }
    for (const [name, fn] of Object.entries(hooks)) {
      if (!(HOOK_NAMES as readonly string[]).includes(name)) issues.push({ path: `${at}.${name}`, message: `is not a hook (known: ${HOOK_NAMES.join(', ')})` });
      else if (fn !== undefined && typeof fn !== 'function') issues.push({ path: `${at}.${name}`, message: 'must be a function' });
    }
    out.push(hooks as CallHooks);
  });
  return out;
}
