import type { Fault } from '../types.js';
import { matchPattern, parseRoutePattern, type RoutePattern } from './route-pattern.js';

interface Injection {
  readonly pattern: RoutePattern;
  readonly pending: Fault[];
}

/** Queues of injected faults per route pattern; each matching request consumes one. */
export class FaultQueue {
  readonly #injections: Injection[] = [];

  /** @throws {TypeError} for a malformed route or fault, before anything is queued. */
  inject(route: string, faults: readonly Fault[]): void {
    const pattern = parseRoutePattern(route);
    if (!Array.isArray(faults)) throw new TypeError('faults must be an array');
    faults.forEach(checkFault);
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
function checkFault(fault: Fault, index: number): void {
  const where = `faults[${index}]`;
  if (typeof fault !== 'object' || fault === null) throw new TypeError(`${where} must be an object`);
  const delayMs = (fault as { delayMs?: unknown }).delayMs;
  if (delayMs !== undefined && !(typeof delayMs === 'number' && delayMs >= 0 && Number.isFinite(delayMs))) {
    throw new TypeError(`${where}.delayMs must be a finite number >= 0`);
  }
  if ('status' in fault) {
    if (!(Number.isInteger(fault.status) && fault.status >= 200 && fault.status <= 599)) throw new TypeError(`${where}.status must be an HTTP status from 200 to 599`);
  } else if ('drop' in fault) {
    if (fault.drop !== true) throw new TypeError(`${where}.drop must be true`);
    if (fault.afterApplying !== undefined && typeof fault.afterApplying !== 'boolean') throw new TypeError(`${where}.afterApplying must be a boolean`);
  } else if (delayMs === undefined) {
    throw new TypeError(`${where} must have status, drop or delayMs`);
  }
}
