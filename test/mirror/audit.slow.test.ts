/**
 * The drift audit at the size: a 1% silent drift in the fake's largest catalog (9,999 products,
 * its limit) is found and repaired by one audit at 10% of 60 calls a minute, within an hour of simulated
 * time, no 60 s holding more than 6 calls, on every store kind.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RateLimiter } from '../../src/index.js';
import { createMirror } from '../../src/mirror/index.js';
import { createFakeApi } from '../../src/testing/index.js';
import { testClient } from '../helpers/client.js';
import { onFakeClock } from '../helpers/fake-time.js';
import { busiestWindow, injectDrift, onePercent, timingLists } from './audit-fixtures.js';
import { storeKinds } from './stores.js';

const MINUTE = 60_000;
const SIZE = 9_999;

for (const kind of storeKinds()) {
  describe.skipIf(kind.skip)(`the drift audit of ${SIZE} products on the ${kind.name} store`, { timeout: 900_000 }, () => {
    beforeAll(() => kind.setup(), 120_000);
    afterAll(() => kind.teardown());

    it('finds and repairs a 1% silent drift within an hour of simulated time, with at most 10% of 60 calls a minute', async () => {
      const fake = createFakeApi({ catalogSize: SIZE, rateLimit: false, maxRecordedRequests: 10 });
      const times: number[] = [];
      const client = testClient(timingLists(fake.fetch, times), { rateLimit: new RateLimiter({ perMinute: 60, windowMs: MINUTE }) });
      const mirror = createMirror({ client, store: await kind.fresh() });
      await mirror.backfill();
      const drifted = await injectDrift(mirror.store, onePercent(SIZE));
      times.length = 0;
      const { result, elapsed } = await onFakeClock(async () => {
        const t0 = Date.now();
        const result = await mirror.audit({ share: 0.1 });
        return { result, elapsed: Date.now() - t0 };
      });
      expect(result).toMatchObject({ checked: SIZE, drifted: drifted.size, repaired: drifted.size, calls: 100, passFinished: true });
      for (const [sku, { original }] of drifted) expect((await mirror.store.produto(sku))!.produto).toEqual(original);
      expect(elapsed).toBeLessThanOrEqual(60 * MINUTE);
      expect(busiestWindow(times, MINUTE)).toBeLessThanOrEqual(6);
      expect(result.calls).toBeLessThanOrEqual(Math.ceil(elapsed / MINUTE) * 6);
      await mirror.close();
    });
  });
}
