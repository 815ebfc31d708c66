import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // This file lives in test/ to keep the top level to the project's layout; paths stay repo-relative.
  root: fileURLToPath(new URL('..', import.meta.url)),
  // The examples import the package by name, as partners do; in tests that name is the source
  // (`partner-commerce/webhooks` -> src/webhooks/index.ts), as tsconfig's paths say for tsc and tsx.
  resolve: { alias: [{ find: /^partner-commerce(\/[a-z]+)?$/, replacement: `${fileURLToPath(new URL('../src', import.meta.url))}$1/index.ts` }] },
  test: {
    include: ['test/**/*.test.ts'],
    // The slow proofs (every kill point, many seeds): `npm run test:slow` (test/vitest.slow.config.ts).
    exclude: ['**/node_modules/**', 'test/**/*.slow.test.ts'],
    // Once per run: the CLI and child-script bundles, one PostgreSQL server, a PGlite template folder.
    globalSetup: ['test/setup/global-setup.ts'],
    typecheck: { enabled: true, include: ['test/**/*.test-d.ts'] },
    // Generous: a test that passes is not slowed by it, and on a loaded 2-core machine a file of
    // subprocesses took over 10 s where it takes 5 quiet; a timeout must flag a hang, not the load.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // vitest's default is one worker per core but one, so ONE on a 2-core machine; most slow files wait
    // on child processes, servers and sockets, not on the CPU, so two workers nearly halve the run there.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Lets the pagination test force a collection to prove a long scan keeps no old pages.
    execArgv: ['--expose-gc'],
  },
});
