import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Issue 22, item 5: the pipeline awaits. A function that returns "a value now or a promise" (to skip
// one microtask) makes every caller branch on which it got; bench/README.md ("Issue 22, one
// observer") records what always awaiting costs. What a partner's or a store's function returns is
// still taken either way (liberal in what we accept): that is a parameter's type, not a return's.
const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../../src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

/** The code of a file without its comments. */
function code(path: string): string {
  return readFileSync(path, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

// `): T | Promise<T> {`, `): Promise<T> | undefined {`: a declared return type that is a union with a promise.
const UNION_RETURN = /\)\s*:\s*(?:[^{};=()]*?\|\s*Promise<|Promise<[^{};=()]*?>\s*\|)[^{};=()]*\{/g;

describe('the pipeline awaits', () => {
  it('no function of the transport or telemetry returns a value-or-promise union', () => {
    const found = ['transport', 'telemetry'].flatMap((dir) =>
      sourceFiles(join(SRC, dir)).flatMap((path) => [...code(path).matchAll(UNION_RETURN)].map((m) => `${relative(SRC, path)}: ${m[0].trim()}`)),
    );
    expect(found).toEqual([]);
  });

  it('the check sees such a return (it is not vacuous)', () => {
    expect('function f(): Promise<void> | undefined {'.match(UNION_RETURN)).toHaveLength(1);
    expect('  #take(s: AbortSignal): RateLimitPermit | Promise<RateLimitPermit> {'.match(UNION_RETURN)).toHaveLength(1);
    expect('function g(value: T | Promise<T>): value is Promise<T> {'.match(UNION_RETURN)).toBeNull();
  });
});
