import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * Files that run in a process of their own (vitest's isolation): the ones that change the process
 * itself (mocked modules, OpenTelemetry's globals) or measure its heap. Every other file shares its worker and the SDK's
 * modules with the files before it (`isolate: false`): loading the SDK again for each small file was a
 * third of the run on 2 cores. The mirror's files joined them once their embedded databases opened
 * with 16 MB of buffers (test/mirror/pglite-template.ts): isolated, they took 75 s and 130 s of CPU,
 * shared 55 s and 91 s (bench/README.md). test/setup/per-file.ts puts back what a file leaves in the
 * process, and runs with `--sequence.shuffle.files` under several seeds showed no file depending on
 * the order (bench/README.md).
 */
const ISOLATED = [
  'test/redis/missing-package.test.ts',
  'test/telemetry/without-api.test.ts',
  'test/telemetry/otel.test.ts',
  'test/mcp/missing-sdk.test.ts',
  // Heap measurements: nothing a file before them left running may allocate while they measure.
  'test/testing/fake-retention.test.ts',
  'test/webhooks/handler-retention.test.ts',
];

export default defineConfig({
  // This file lives in test/ to keep the top level to the project's layout; paths stay repo-relative.
  root: fileURLToPath(new URL('..', import.meta.url)),
  // The examples import the package by name, as partners do; in tests that name is the source
  // (`partner-commerce/webhooks` -> src/webhooks/index.ts), as tsconfig's paths say for tsc and tsx.
  resolve: { alias: [{ find: /^partner-commerce((?:\/[a-z]+)+)?$/, replacement: `${fileURLToPath(new URL('../src', import.meta.url))}$1/index.ts` }] },
  test: {
    // Once per run: the CLI and child-script bundles, one PostgreSQL server, a PGlite template folder.
    globalSetup: ['test/setup/global-setup.ts'],
    // Generous: a test that passes is not slowed by it, and on a loaded 2-core machine a file of
    // subprocesses took over 10 s where it takes 5 quiet; a timeout must flag a hang, not the load.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // vitest's default is one worker per core but one, so ONE on a 2-core machine. Most slow files wait
    // on child processes, servers and sockets, not on the CPU: with two workers the cores sat idle 11% of
    // a run, so one worker more than cores (on 2 cores: 198-207 s with two, 175 and 202 s with three,
    // 187 s with four, quiet; bench/README.md, "Loaded runs").
    maxWorkers: availableParallelism() + 1,
    // What a test file stubs or spies on is put back after each test, so the next file never sees it.
    // V8 compiles WebAssembly (PGlite's, opened by most mirror files) with its baseline compiler only:
    // re-optimising the whole module in the background cost more CPU than it saved in a test's few
    // queries (five mirror files: 30 s of CPU against 37 s; bench/README.md). Results are the same.
    execArgv: ['--liftoff-only'],
    unstubEnvs: true,
    unstubGlobals: true,
    restoreMocks: true,
    projects: [
      {
        extends: true,
        test: {
          name: 'isolated',
          include: ISOLATED,
          // The slow proofs (every kill point, many seeds): `npm run test:slow` (test/vitest.slow.config.ts).
          exclude: ['**/node_modules/**', 'test/**/*.slow.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'shared',
          include: ['test/**/*.test.ts'],
          exclude: ['**/node_modules/**', 'test/**/*.slow.test.ts', ...ISOLATED],
          isolate: false,
          setupFiles: ['test/setup/per-file.ts'],
          // vitest runs the type-level tests after every other file, so they get a tsconfig of their own.
          typecheck: { enabled: true, include: ['test/**/*.test-d.ts'], tsconfig: 'test/tsconfig.type-tests.json' },
        },
      },
    ],
  },
});
