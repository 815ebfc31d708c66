/**
 * The many-seed convergence bench's scenario (test/mirror/chaos-on-fake.ts, bench/mirror-convergence.ts)
 * as a regression test on a few seeds: a backfill while the fake's catalog changes, 1,000 random
 * changes with 30% of notices dropped and others duplicated, delayed and reordered, one follow run —
 * then equal field for field, nothing applied backwards, the change log's chain unbroken, no change
 * logged twice. A small catalog makes same-millisecond ties on one product common. Add here any seed
 * the bench ever finds failing. Here on the memory store; the same on the embedded store (PGlite, 120
 * products: the slow part) is convergence-seeds.slow.test.ts (`npm run test:slow`, which CI runs too).
 */
import { convergenceSeedTests } from './convergence-seed-cases.js';

convergenceSeedTests('memory', [
  { seed: 1, catalogSize: 120 },
  { seed: 2, catalogSize: 120 },
  { seed: 1, catalogSize: 12 },
  { seed: 3, catalogSize: 12 },
]);
