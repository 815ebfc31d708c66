/** The outbox crash proof `npm test` shortens (outbox-crash.test.ts): every kind of point on the embedded store and on Postgres. */
import { ALL_POINTS, outboxCrashTests } from './outbox-crash-cases.js';

outboxCrashTests({ pglite: ALL_POINTS, postgres: ALL_POINTS, sqlite: [] }, false);
