/**
 * The outbox across crashes with real processes (outbox-crash-cases.ts), the part `npm test` runs: on
 * Postgres one kill at each site (before a row is saved, once it is saved but not sent, after the server
 * answered), the last one while the restarted run replays the row the kill before left, and the two
 * replayers; on the embedded store one kill after the server answered (the double-send risk). Every
 * point on Postgres and on the embedded store is in outbox-crash.slow.test.ts (`npm run test:slow`,
 * which CI runs too): each point is one more child process. SQLite (Node 22.13+) keeps every point here.
 */
import { ALL_POINTS, outboxCrashTests } from './outbox-crash-cases.js';

outboxCrashTests({ pglite: ['answered pedido-5'], postgres: ['saving pedido-2', 'sending pedido-5', 'answered pedido-5'], sqlite: ALL_POINTS }, true);
