/**
 * The outbox across crashes with real processes (outbox-crash-cases.ts), the part `npm test` runs:
 * every kind of point on Postgres and the two replayers; on the embedded store one kill after the server
 * answered (the double-send risk). The embedded store's full list is in outbox-crash.slow.test.ts
 * (`npm run test:slow`, which CI runs too): each of its runs opens PGlite again.
 */
import { ALL_POINTS, outboxCrashTests } from './outbox-crash-cases.js';

outboxCrashTests({ pglite: ['answered pedido-5'], postgres: ALL_POINTS, sqlite: ALL_POINTS }, true);
