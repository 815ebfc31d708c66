import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';

// Each restriction of eslint.config.js reports a bad snippet and accepts a good one, read as if the
// snippet were the named file: a restriction that silently matches nothing would pass `npm run lint`
// forever. Only the rules under test run, without type information, so each case takes milliseconds.
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const CONFIG = join(ROOT, 'eslint.config.js');
const UNDER_TEST = /^(?:banned\/|import-x\/no-cycle$|import-x\/no-restricted-paths$|@typescript-eslint\/no-restricted-imports$)/;

const eslintAt = (cwd: string): ESLint =>
  new ESLint({
    cwd,
    overrideConfigFile: CONFIG,
    overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
    ruleFilter: ({ ruleId }) => UNDER_TEST.test(ruleId),
  });
const repo = eslintAt(ROOT);

/** The rules that report `code` read as the repository file `file`, parse failures included. */
async function reported(file: string, code: string): Promise<string[]> {
  const [result] = await repo.lintText(code, { filePath: join(ROOT, file) });
  return result!.messages.map((m) => m.ruleId ?? `fatal: ${m.message}`);
}

interface Case {
  readonly rule: string;
  readonly file: string;
  readonly bad: readonly string[];
  readonly good: readonly string[];
  /** Where the bad code is allowed: the same snippets read as this file report nothing. */
  readonly allowedIn?: string;
}

const CASES: Record<string, Case> = {
  'one instant: atualizadoEm becomes an instant only in dates/instant.ts': {
    rule: 'banned/one-instant',
    file: 'src/mirror/lint-case.ts',
    bad: ['export const at = (p: { atualizadoEm: string }) => Date.parse(p.atualizadoEm);', 'export function instantOf(text: string): number { return Date.parse(text); }'],
    good: ['export const at = (p: { criadoEm: string }) => Date.parse(p.criadoEm);', "import { instantOf } from '../dates/instant.js';\nexport const at = instantOf;"],
    allowedIn: 'src/dates/instant.ts',
  },
  'one canonical JSON: keys are sorted only in internal/canonical-json.ts, the kit included': {
    rule: 'banned/one-canonical-json',
    file: 'src/testing/lint-case.ts',
    bad: ['export const keys = (o: object) => Object.keys(o).sort();', 'export const keys = (o: object) => Object.keys(o)  .sort();'],
    good: ['export const keys = (o: object) => Object.keys(o).sort((a, b) => b.localeCompare(a));', 'export const keys = (o: object) => Object.keys(o);'],
    allowedIn: 'src/internal/canonical-json.ts',
  },
  'the pipeline awaits: no value-or-promise return in transport/ and telemetry/': {
    rule: 'banned/plain-await',
    file: 'src/transport/lint-case.ts',
    bad: [
      'export function take(): number | Promise<number> { return 1; }',
      'export function wait(): Promise<void> | undefined { return undefined; }',
      'export class Limiter { take(): Promise<{ limit: number }> | undefined { return undefined; } }',
      'export const take = (): number | PromiseLike<number> => 1;',
    ],
    good: [
      'export async function take(): Promise<number> { return 1; }',
      'export function isPromise(value: number | Promise<number>): value is Promise<number> { return value instanceof Promise; }',
      'export interface Store { get(): number | Promise<number>; }',
    ],
    allowedIn: 'src/mirror/lint-case.ts',
  },
  'no reaching into dependency internals': {
    rule: 'banned/dependency-internals',
    file: 'src/models/lint-case.ts',
    bad: [
      'export const wrapped = new Proxy({}, {});',
      "import { $constructor } from 'zod/v4/core';\nexport const C = $constructor('X', () => {});",
      "import * as core from 'zod/v4/core';\nexport const C = core.$constructor('X', () => {});",
      'export const init = (s: { init: unknown }) => s.init as unknown;',
      "import { Money } from '../money/money.js';\nexport const m = Object.create(Money.prototype);",
      'export function set(value: { d: number[] }) { value.d = [1]; }',
      'export function set(value: { s: number }) { value.s = -1; }',
      "import { Money } from '../money/money.js';\nObject.defineProperty(Money.prototype, 'constructor', { get: () => Money });",
    ],
    good: ['export const map = new Map();', 'export const same = (value: { d: number[] }) => value.d === undefined;', 'export function set(value: { data: number[] }) { value.data = [1]; }'],
  },
  'one observer: the call observer names no trace and keeps one list of hooks': {
    rule: 'banned/one-observer',
    file: 'src/transport/call-observer.ts',
    bad: [
      `${readFileSync(join(ROOT, 'src/transport/call-observer.ts'), 'utf8')}\nexport const trace = undefined;`,
      `${readFileSync(join(ROOT, 'src/transport/call-observer.ts'), 'utf8')}\nexport type Observed = import('../telemetry/call-trace.js').CallTrace;`,
      `import { SCOPE } from '../telemetry/names.js';\nexport interface ObserverParts { readonly hooks: readonly unknown[]; readonly scope: typeof SCOPE; }`,
      'export interface Parts { readonly hooks: readonly unknown[]; }',
      'export interface ObserverParts { readonly callbacks: readonly unknown[]; }',
      "import type { PipelineHooks } from './hooks/pipeline-hooks.js';\nexport interface ObserverParts { readonly hooks: readonly PipelineHooks[]; readonly builtIn: readonly PipelineHooks[]; }",
    ],
    good: [readFileSync(join(ROOT, 'src/transport/call-observer.ts'), 'utf8')],
  },
  'one observer: CallTrace is named only inside telemetry/': {
    rule: 'banned/one-observer-trace',
    file: 'src/transport/lint-case.ts',
    bad: ["import type { CallTrace } from '../telemetry/call-trace.js';\nexport type T = CallTrace;"],
    good: ["import type { PipelineHooks } from './hooks/pipeline-hooks.js';\nexport type T = PipelineHooks;"],
    allowedIn: 'src/telemetry/lint-case.ts',
  },
  "one observer: a trace's steps are called only by the telemetry hooks": {
    rule: 'banned/one-observer-steps',
    file: 'src/telemetry/lint-case.ts',
    bad: [
      'export const step = (trace: { attemptStarted(): void }) => trace.attemptStarted();',
      'export const step = (trace?: { end(): void }) => trace?.end();',
      "import { CallTrace } from './call-trace.js';\nexport const x = CallTrace.prototype;",
    ],
    good: [
      "import { CallTrace } from './call-trace.js';\nexport const start = CallTrace.start.bind(CallTrace);",
      'export const id = (api: { trace: { getTracer(): void } }) => api.trace.getTracer();',
    ],
    allowedIn: 'src/telemetry/trace-hooks.ts',
  },
  'the Redis code loads lazily: outside redis/ only type imports and import() reach it': {
    rule: '@typescript-eslint/no-restricted-imports',
    file: 'src/client.ts',
    bad: ["import { createRedisBudgetStore } from './redis/budget-store.js';\nexport const s = createRedisBudgetStore;", "export { createRedisDedupeStore } from './redis/dedupe-store.js';"],
    good: ["import type { RedisBudgetStoreOptions } from './redis/budget-store.js';\nexport type O = RedisBudgetStoreOptions;", "export const load = () => import('./redis/budget-store.js');"],
    allowedIn: 'src/redis/lint-case.ts',
  },
  'layers: internal/ imports nothing outside itself': {
    rule: 'import-x/no-restricted-paths',
    file: 'src/internal/lint-case.ts',
    bad: ["import { PartnerCommerceError } from '../errors/partner-commerce-error.js';\nexport const E = PartnerCommerceError;", "import { VERSION } from '../version.js';\nexport const v = VERSION;"],
    good: ["import { sleep } from './sleep.js';\nexport const s = sleep;"],
  },
  'layers: a folder imports only from a lower layer, type imports and import() included': {
    rule: 'import-x/no-restricted-paths',
    file: 'src/models/lint-case.ts',
    bad: [
      "import { Transport } from '../transport/transport.js';\nexport const T = Transport;",
      "import type { EventoWebhook } from '../webhooks/events.js';\nexport type E = EventoWebhook;",
      "export const load = () => import('../client.js');",
    ],
    good: ["import { Money } from '../money/money.js';\nexport const M = Money;", "import type { InputIssue } from '../errors/invalid-input-error.js';\nexport type I = InputIssue;"],
  },
  'the kit imports only itself, errors/ and internal/canonical-json.ts': {
    rule: 'import-x/no-restricted-paths',
    file: 'src/testing/lint-case.ts',
    bad: ["import { produtoSchema } from '../models/produto.js';\nexport const p = produtoSchema;", "import { sleep } from '../internal/sleep.js';\nexport const s = sleep;"],
    good: [
      "import { canonicalJson } from '../internal/canonical-json.js';\nexport const c = canonicalJson;",
      "import { InvalidInputError } from '../errors/invalid-input-error.js';\nexport const E = InvalidInputError;",
    ],
  },
  'the kit stays out of the SDK: only the command line imports it': {
    rule: 'import-x/no-restricted-paths',
    file: 'src/mirror/lint-case.ts',
    bad: ["import { createFakeApi } from '../testing/index.js';\nexport const f = createFakeApi;"],
    good: ["import { canonicalJson } from '../internal/canonical-json.js';\nexport const c = canonicalJson;"],
    allowedIn: 'src/cli/lint-case.ts',
  },
  "the command line imports only the package's public entries, errors/ and its two helpers": {
    rule: 'import-x/no-restricted-paths',
    file: 'src/cli/lint-case.ts',
    bad: ["import { Transport } from '../transport/transport.js';\nexport const T = Transport;", "import { sleep } from '../internal/sleep.js';\nexport const s = sleep;"],
    good: ["import { PartnerCommerce } from '../index.js';\nexport const P = PartnerCommerce;", "import { parseDuration } from '../internal/duration.js';\nexport const d = parseDuration;"],
  },
  'src/internal/ is not importable from outside src/ (but by its own unit tests)': {
    rule: 'import-x/no-restricted-paths',
    file: 'test/transport/lint-case.test.ts',
    bad: ["import { sleep } from '../../src/internal/sleep.js';\nexport const s = sleep;"],
    good: [
      "import { canonicalJson } from '../../src/internal/canonical-json.js';\nexport const c = canonicalJson;",
      "import { PartnerCommerce } from '../../src/index.js';\nexport const P = PartnerCommerce;",
    ],
    allowedIn: 'test/internal/lint-case.test.ts',
  },
};

describe('each lint restriction reports a bad snippet and accepts a good one', () => {
  for (const [name, { rule, file, bad, good, allowedIn }] of Object.entries(CASES)) {
    it(name, async () => {
      for (const code of bad) expect({ code, reported: await reported(file, code) }).toEqual({ code, reported: expect.arrayContaining([rule]) });
      for (const code of good) expect({ code, reported: await reported(file, code) }).toEqual({ code, reported: [] });
      if (allowedIn) for (const code of bad) expect({ code, reported: await reported(allowedIn, code) }).toEqual({ code, reported: [] });
    });
  }
});

describe('no circle between files', () => {
  // import-x/no-cycle follows the imports on disk, so its case is a small tree of files of its own.
  const dir = mkdtempSync(join(tmpdir(), 'lint-cycle-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const write = (file: string, code: string) => {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), code);
  };

  it('import-x/no-cycle is on for every file of src/', async () => {
    const config = (await repo.calculateConfigForFile(join(ROOT, 'src/client.ts'))) as { rules: Record<string, unknown[]> };
    expect(config.rules['import-x/no-cycle']?.[0]).toBe(2);
  });

  it('reports two files that import each other, and accepts a type-only import back', async () => {
    write('src/internal/a.ts', "import { b } from './b.js';\nexport const a = () => b;\n");
    write('src/internal/b.ts', "import { a } from './a.js';\nexport const b = () => a;\n");
    write('src/internal/c.ts', "import type { D } from './d.js';\nexport interface C { d?: D }\n");
    write('src/internal/d.ts', "import { type C } from './c.js';\nexport interface D { c?: C }\nexport const d = 1;\n");
    const results = await eslintAt(dir).lintFiles(['src/internal/*.ts']);
    const byFile = Object.fromEntries(results.map((r) => [r.filePath.slice(dir.length + 1), r.messages.map((m) => m.ruleId ?? m.message)]));
    expect(byFile).toEqual({ 'src/internal/a.ts': ['import-x/no-cycle'], 'src/internal/b.ts': ['import-x/no-cycle'], 'src/internal/c.ts': [], 'src/internal/d.ts': [] });
  });
});
