import { defineConfig } from 'vitest/config';
import base from './vitest.config.js';

/**
 * `npm run test:slow`: the slow proofs `npm test` leaves out (every kill point on the embedded store,
 * many seeds, large catalogs), files named *.slow.test.ts. The same setup as `npm test`; CI runs both.
 */
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: ['test/**/*.slow.test.ts'],
    exclude: ['**/node_modules/**'],
    typecheck: { enabled: false },
  },
});
