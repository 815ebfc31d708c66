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
    typecheck: { enabled: true, include: ['test/**/*.test-d.ts'] },
    testTimeout: 10_000,
    // Lets the pagination test force a collection to prove a long scan keeps no old pages.
    execArgv: ['--expose-gc'],
  },
});
