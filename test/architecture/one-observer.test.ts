import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SRC, codeOf, sourceFiles } from './source-tree.js';

// Hooks and telemetry observe a call through ONE list of hooks. Telemetry is a
// set of built-in hooks (src/telemetry/trace-hooks.ts); the call observer knows no tracing, so a new
// pipeline step is added once, as a hook, and both the partner's hooks and telemetry can use it.
/** The code of a file without its comments (a comment may speak of traces; only code counts). */
const files = sourceFiles(SRC).map((path) => ({ name: relative(SRC, path), code: codeOf(path) }));

describe('one observer', () => {
  it('call-observer.ts drives telemetry only through hooks: it names no trace', () => {
    const observer = files.find((f) => f.name === 'transport/call-observer.ts');
    expect(observer).toBeDefined();
    expect(observer!.code.match(/\btrace\b|CallTrace|telemetry\//gi) ?? []).toEqual([]);
  });

  it('the observer is built from one list of hooks (no second list for telemetry)', () => {
    const observer = files.find((f) => f.name === 'transport/call-observer.ts')!;
    const parts = /interface ObserverParts \{([\s\S]*?)\n\}/.exec(observer.code)?.[1] ?? '';
    expect(parts).toContain('hooks:');
    expect(parts.match(/^\s*readonly \w+/gm)?.map((l) => l.trim().slice('readonly '.length))).not.toContain('trace');
    expect(parts.match(/PipelineHooks|CallHooks/g)).toHaveLength(1);
  });

  it('CallTrace is named only inside src/telemetry/, and its steps are called only by the telemetry hooks', () => {
    const naming = files.filter((f) => /\bCallTrace\b/.test(f.code)).map((f) => f.name);
    expect(naming.filter((name) => !name.startsWith('telemetry/'))).toEqual([]);
    // Outside its own file and the hooks that drive it, CallTrace is only started (client-telemetry)
    // and re-exported by the lazy chunk: no other file calls one of its steps on a trace.
    const callTrace = files.find((f) => f.name === 'telemetry/call-trace.ts')!.code;
    const methods = [...callTrace.matchAll(/^ {2}(\w+)(?:<\w+>)?\(/gm)].map((m) => m[1]).filter((m) => m !== 'constructor');
    expect(methods).toEqual(expect.arrayContaining(['budgetWaited', 'attemptStarted', 'inject', 'run', 'answered', 'failedWithoutAnswer', 'attemptEnded', 'retrying', 'end']));
    const steps = new RegExp(`\\btrace\\??\\.(?:${methods.join('|')})\\(|\\bCallTrace\\.(?!start\\b)\\w+`);
    const callers = files.filter((f) => f.name !== 'telemetry/call-trace.ts' && steps.test(f.code)).map((f) => f.name);
    expect(callers).toEqual(['telemetry/trace-hooks.ts']);
  });
});
