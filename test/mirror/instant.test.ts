/**
 * One instant for `atualizadoEm`: where the mirror stores and marks, it reads the time as strictly as
 * where it decides. A lenient read there (`Date.parse`: a space for the `T`, no offset) would let a
 * product set aside because its time does not fit still move the high-water mark.
 */
import { describe, expect, it } from 'vitest';
import { createMemoryStore, createMirror } from '../../src/mirror/index.js';
import { createFakeApi } from '../../src/testing/index.js';
import { testClient } from '../helpers/client.js';
import { tampering } from './tamper.js';

/** The fetch with the `Date` header left out: the mirror then dates its scan by the products it listed. */
function withoutDate(fetch: typeof globalThis.fetch): typeof globalThis.fetch {
  return async (input, init) => {
    const response = await fetch(input, init);
    const headers = new Headers(response.headers);
    headers.delete('date');
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  };
}

describe('the instant of atualizadoEm', () => {
  it('a product set aside for its atualizadoEm does not move the high-water mark', async () => {
    const fake = createFakeApi({ catalogSize: 3, rateLimit: false, now: () => new Date('2026-11-20T10:00:00Z') });
    // Date.parse reads this one (as 2099); the Product schema and the comparator do not.
    const client = testClient(withoutDate(tampering(fake.fetch, (p) => (p.sku === 'SKU-0002' ? { ...p, atualizadoEm: '2099-01-01 00:00:00Z' } : p))));
    const mirror = createMirror({ client, store: createMemoryStore() });
    expect(await mirror.backfill({ onWarning: () => undefined })).toMatchObject({ quarantined: 1 });
    const status = await mirror.status();
    expect(status.quarantine.products.map((q) => [q.sku, q.field])).toEqual([['SKU-0002', 'atualizadoEm']]);
    const stored = await Promise.all(['SKU-0001', 'SKU-0003'].map(async (sku) => Date.parse((await mirror.product(sku))!.product.atualizadoEm)));
    // The mark is dated by what was stored, never by the product set aside.
    expect(Date.parse(status.watermark!)).toBeLessThanOrEqual(Math.max(...stored));
  });
});
