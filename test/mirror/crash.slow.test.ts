/** The crash proofs `npm test` leaves out (crash.test.ts): the backfill and the lote killed at named points, on the embedded store. */
import { crashTests } from './crash-cases.js';

crashTests({ pglite: ['backfill', 'lote'], postgres: [], sqlite: [] });
