import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SRC, codeOf, sourceFiles } from './source-tree.js';

// The pipeline awaits. A function that returns "a value now or a promise" (to skip one microtask)
// makes every caller branch on which it got; bench/README.md (the "one observer" section) records
// what always awaiting costs. What a partner's or a store's function returns is
// still taken either way (liberal in what we accept): that is a parameter's type, not a return's.
/** The code of a file without its comments. */
// `): T | Promise<T> {`, `): Promise<T> | undefined {`: a declared return type that is a union with a promise.
const UNION_RETURN = /\)\s*:\s*(?:[^{};=()]*?\|\s*Promise<|Promise<[^{};=()]*?>\s*\|)[^{};=()]*\{/g;

describe('the pipeline awaits', () => {
  it('no function of the transport or telemetry returns a value-or-promise union', () => {
    const found = ['transport', 'telemetry'].flatMap((dir) =>
      sourceFiles(join(SRC, dir)).flatMap((path) => [...codeOf(path).matchAll(UNION_RETURN)].map((m) => `${relative(SRC, path)}: ${m[0].trim()}`)),
    );
    expect(found).toEqual([]);
  });

  it('the check sees such a return (it is not vacuous)', () => {
    expect('function f(): Promise<void> | undefined {'.match(UNION_RETURN)).toHaveLength(1);
    expect('  #take(s: AbortSignal): RateLimitPermit | Promise<RateLimitPermit> {'.match(UNION_RETURN)).toHaveLength(1);
    expect('function g(value: T | Promise<T>): value is Promise<T> {'.match(UNION_RETURN)).toBeNull();
  });
});
