/** The crash proof `npm test` leaves out (crash.test.ts): the backfill killed at named points, on the embedded store. */
import { crashTests } from './crash-cases.js';

crashTests({ pglite: ['backfill'], postgres: [] });
