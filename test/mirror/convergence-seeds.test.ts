/**
 * The many-seed convergence bench's scenario (test/mirror/chaos-on-fake.ts, bench/mirror-convergence.ts)
 * as a regression test on a few seeds: a backfill while the fake's catalog changes, 1,000 random
 * changes with 30% of notices dropped and others duplicated, delayed and reordered, one follow run —
 * then equal field for field, nothing applied backwards, the change log's chain unbroken, no change
 * logged twice. A small catalog makes same-millisecond ties on one product common. Add here any seed
 * the bench ever finds failing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runChaos } from './chaos-on-fake.js';
import { storeKinds } from './stores.js';

const cases = [
  { seed: 1, catalogSize: 120 },
  { seed: 2, catalogSize: 120 },
  { seed: 1, catalogSize: 12 },
  { seed: 3, catalogSize: 12 },
];

for (const kind of storeKinds().filter((k) => k.name !== 'postgres')) {
  describe(`convergence over seeds on the ${kind.name} store`, { timeout: 120_000 }, () => {
    beforeAll(() => kind.setup(), 120_000);
    afterAll(() => kind.teardown());

    for (const { seed, catalogSize } of kind.name === 'memory' ? cases : cases.slice(0, 1)) {
      it(`seed ${seed}, ${catalogSize} products: converges, never backwards, each change logged once`, async () => {
        const r = await runChaos({ seed, catalogSize, store: await kind.fresh() });
        expect(r.mismatches).toEqual([]);
        expect(r.converged).toBe(true);
        expect(r.backwards).toBe(0);
        expect(r.chainBreaks).toBe(0);
        expect(r.repeats).toBe(0);
        // The chaos happened: about 30% lost, some duplicated, delayed and reordered.
        expect(r.notices.dropped / r.notices.made).toBeGreaterThan(0.25);
        expect(r.notices.duplicated).toBeGreaterThan(20);
        expect(r.notices.reordered).toBeGreaterThan(20);
        expect(r.changes).toBeGreaterThanOrEqual(1000);
        // One follow run: one call per 100 products changed since the mark.
        expect(r.calls.follow).toBeLessThanOrEqual(Math.ceil((catalogSize + 200) / 100));
      });
    }
  });
}
