/**
 * The seed cases of the convergence regression (chaos-on-fake.ts's scenario), declared per store:
 * convergence-seeds.test.ts runs them on the memory store in `npm test`, convergence-seeds.slow.test.ts
 * on the embedded store in `npm run test:slow`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runChaos } from './chaos-on-fake.js';
import { storeKinds } from './stores.js';

/** One run of the scenario: its random seed and the size of the fake's catalog. */
export interface SeedCase {
  seed: number;
  catalogSize: number;
}

export function convergenceSeedTests(storeName: 'memory' | 'pglite', cases: readonly SeedCase[]): void {
  const kind = storeKinds().find((k) => k.name === storeName)!;
  describe(`convergence over seeds on the ${kind.name} store`, { timeout: 120_000 }, () => {
    beforeAll(() => kind.setup(), 120_000);
    afterAll(() => kind.teardown());

    for (const { seed, catalogSize } of cases) {
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
