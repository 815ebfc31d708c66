/**
 * Crash safety with real processes (crash-cases.ts), the part `npm test` runs: the backfill and the
 * lote killed at named points on Postgres. The same proofs on the embedded store (each restart opens
 * PGlite again: the slowest proofs of the suite) are in crash.slow.test.ts (`npm run test:slow`, which
 * CI runs too); outbox-crash.test.ts keeps two kills on the embedded store in `npm test`.
 */
import { crashTests } from './crash-cases.js';

crashTests({ pglite: [], postgres: ['backfill', 'lote'], sqlite: ['backfill', 'lote'] });
