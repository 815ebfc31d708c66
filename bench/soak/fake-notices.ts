/**
 * The testing kit keeps every notice it sends in `fake.webhooks`, with no bound (the mirror-notices
 * part measures it: about 3 KB per notice). Parts that run on the fake for something else empty that
 * list after each chunk, so the slope they report is their own and not the kit's list.
 */
import type { FakeApi, FakeWebhookDelivery } from '../../src/testing/index.js';

/** Empties `fake.webhooks` (the dispatcher's own array, exposed read-only). */
export function forgetNotices(fake: FakeApi): void {
  (fake.webhooks as FakeWebhookDelivery[]).length = 0;
}
