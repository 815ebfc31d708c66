/**
 * Crash safety with real processes (crash-cases.ts), the part `npm test` runs: both proofs on
 * Postgres, the lote on the embedded store. The backfill on the embedded store (its 1,500 products
 * through PGlite four times, the slowest proof) is in crash.slow.test.ts (`npm run test:slow`).
 */
import { crashTests } from './crash-cases.js';

crashTests({ pglite: ['lote'], postgres: ['backfill', 'lote'] });
