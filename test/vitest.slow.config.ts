import { defineConfig } from 'vitest/config';
import base from './vitest.config.js';

/**
 * `npm run test:slow`: the slow proofs `npm test` leaves out (every kill point, a PGlite made from nothing,
 * many seeds, large catalogs, the catalog-mirror example run end to end), files named *.slow.test.ts.
 * The same setup as `npm test`, each file in a process of its own; CI runs both.
 */
const { projects: _projects, ...shared } = base.test!;
export default defineConfig({
  ...base,
  test: {
    ...shared,
    include: ['test/**/*.slow.test.ts'],
    exclude: ['**/node_modules/**'],
    typecheck: { enabled: false },
  },
});
