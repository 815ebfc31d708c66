import { InvalidInputError, type InputIssue } from '../../errors/invalid-input-error.js';
import type { Fault, FaultAnswer, FaultDelay, FaultDrop } from '../types.js';
import { optionNames, unknownOptionIssues } from '../../errors/check-options.js';
import { matchPattern, parseRoutePattern, type RoutePattern } from './route-pattern.js';

interface Injection {
  readonly pattern: RoutePattern;
  readonly pending: Fault[];
}

/** Queues of injected faults per route pattern; each matching request consumes one. */
export class FaultQueue {
  readonly #injections: Injection[] = [];

  /**
   * @throws {InvalidInputError} naming a malformed route, or every malformed fault,
   * before anything is queued.
   */
  inject(route: string, faults: readonly Fault[]): void {
    const pattern = parseRoutePattern(route);
    const given: unknown = faults;
    if (!Array.isArray(given)) throw new InvalidInputError({ path: 'faults', message: 'must be an array' });
    const issues = faults.flatMap(faultIssues);
    if (issues.length > 0) throw new InvalidInputError(issues);
    const existing = this.#injections.find((i) => i.pattern.method === pattern.method && i.pattern.segments.join('/') === pattern.segments.join('/'));
    if (existing) existing.pending.push(...faults);
    else this.#injections.push({ pattern, pending: [...faults] });
  }

  /** The next fault for this request, removed from its queue; earliest injected route first. */
  take(method: string, segments: readonly string[]): Fault | undefined {
    for (const injection of this.#injections) {
      if (injection.pending.length > 0 && matchPattern(injection.pattern, method, segments)) return injection.pending.shift();
    }
    return undefined;
  }
}

// Checked at injection so a typo fails in the test that wrote it, not in a later request.
// Every field any kind of fault takes: a misspelt one (`statusCode`) would otherwise inject a different fault.
const FAULT_FIELDS = optionNames<FaultAnswer & FaultDelay & FaultDrop>({ status: 1, codigo: 1, body: 1, headers: 1, delayMs: 1, drop: 1, afterApplying: 1 });

function faultIssues(fault: Fault, index: number): InputIssue[] {
  const where = `faults[${index}]`;
  if (typeof fault !== 'object' || fault === null) return [{ path: where, message: 'must be an object' }];
  const issues: InputIssue[] = unknownOptionIssues(fault, FAULT_FIELDS, where, where);
  const delayMs = (fault as { delayMs?: unknown }).delayMs;
  if (delayMs !== undefined && !(typeof delayMs === 'number' && delayMs >= 0 && Number.isFinite(delayMs))) {
    // eslint-disable-next-line @typescript-eslint/no-base-to-string -- the message quotes whatever the caller passed
    issues.push({ path: `${where}.delayMs`, message: `must be a finite number >= 0 (got ${String(delayMs)})` });
  }
  if ('status' in fault) {
    if (!(Number.isInteger(fault.status) && fault.status >= 200 && fault.status <= 599))
      issues.push({ path: `${where}.status`, message: `must be an HTTP status from 200 to 599 (got ${String(fault.status)})` });
  } else if ('drop' in fault) {
    if (fault.drop !== true) issues.push({ path: `${where}.drop`, message: 'must be true' });
    if (fault.afterApplying !== undefined && typeof fault.afterApplying !== 'boolean') issues.push({ path: `${where}.afterApplying`, message: 'must be a boolean' });
  } else if (delayMs === undefined) {
    issues.push({ path: where, message: 'must have status, drop or delayMs' });
  }
  return issues;
}
