/**
 * The figure on every store kind: 10,000 products, 1% of them changed each day for 30 simulated
 * days, pruned daily with the default 30-day window: the change log stays within twice the product
 * table. At that rate the log would hold 1.3 times the catalog even unpruned (a 30-day window keeps
 * 30 days of 1%), so this also checks that what prune removes at the end of the window is exactly the
 * creations later changes superseded; test/mirror/retention.test.ts has the churn that fails unpruned.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMirror } from '../../src/mirror/index.js';
import { createFakeApi } from '../../src/testing/index.js';
import { testClient } from '../helpers/client.js';
import { churn } from './churn.js';
import { storeKinds } from './stores.js';

const T0 = Date.parse('2025-06-01T00:00:00Z');

for (const kind of storeKinds()) {
  describe.skipIf(kind.skip !== undefined)(`retention at scale on the ${kind.name} store`, { timeout: 900_000 }, () => {
    beforeAll(() => kind.setup(), 120_000);
    afterAll(() => kind.teardown());
    afterEach(() => void vi.useRealTimers());

    it('30 days of 1% daily churn on 10,000 products, pruned daily: the change log stays within 2x the product table', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(T0);
      const store = await kind.fresh();
      const mirror = createMirror({ client: testClient(createFakeApi({ catalogSize: 1, rateLimit: false }).fetch), store });
      const result = await churn({ kind, store, mirror, products: 10_000, rate: 0.01, days: 30, start: T0 });
      expect(result.products).toBe(10_000);
      expect(result.peak).toBeLessThanOrEqual(2 * result.products);
      // Day 30's prune removed the creation of each of the 3,000 products changed since (a rotation: each once).
      expect(result.changes).toBe(10_000 + 30 * 100 - 3000);
      expect(result.changes).toBeLessThanOrEqual(2 * result.products);
      await mirror.close();
    });
  });
}
