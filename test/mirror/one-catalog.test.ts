/**
 * Two catalogs never share one store: the store records the catalog of the first mirror that opens it
 * (`catalogId`, by default the client's environment) and refuses another one, before its full scan
 * could mark the first catalog's products gone. On the memory store and a real Postgres.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvalidInputError } from '../../src/index.js';
import { createMirror } from '../../src/mirror/index.js';
import { createFakeApi } from '../../src/testing/index.js';
import { testClient } from '../helpers/client.js';
import { storeKinds } from './stores.js';

const refusal = (run: () => Promise<unknown>) =>
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- the assertion below names what the refusal is; inferring it from there is the intent
  run().then(
    () => undefined,
    (err: unknown) => err,
  ) as Promise<unknown>;

for (const kind of storeKinds().filter((k) => k.name !== 'pglite')) {
  describe.skipIf(kind.skip !== undefined)(`one catalog per ${kind.name} store`, { timeout: 60_000 }, () => {
    beforeAll(() => kind.setup(), 60_000);
    afterAll(() => kind.teardown());

    it("refuses a second catalog before its backfill sweeps the first one's products", async () => {
      const store = await kind.fresh();
      const first = createMirror({ client: testClient(createFakeApi({ catalogSize: 5, rateLimit: false }).fetch), store, catalogId: 'parceiro-1' });
      await first.backfill();

      // Another partner's catalog (3 products, the same skus) pointed at the same database.
      const other = createMirror({ client: testClient(createFakeApi({ catalogSize: 3, rateLimit: false }).fetch), store, catalogId: 'parceiro-2' });
      const refused = await refusal(() => other.backfill());
      expect(refused).toBeInstanceOf(InvalidInputError);
      expect((refused as InvalidInputError).issues).toEqual([{ path: 'store', message: expect.stringContaining('"parceiro-1"') }]);
      expect((refused as Error).message).toContain('"parceiro-2"');

      expect(await first.counts()).toMatchObject({ products: 5, missing: 0 });
      expect((await first.follow()).kind).toBe('follow');
    });

    it('takes the client environment as the default catalog: a production mirror never opens a sandbox store', async () => {
      const store = await kind.fresh();
      const fake = createFakeApi({ catalogSize: 2, rateLimit: false });
      await createMirror({ client: testClient(fake.fetch), store }).backfill();
      const production = createMirror({ client: testClient(fake.fetch, { token: 'svc_prod_one_catalog_0123' }), store });
      expect(await refusal(() => production.status())).toMatchObject({ name: 'InvalidInputError', issues: [{ path: 'store' }] });
      expect(await refusal(() => production.status())).toBeInstanceOf(InvalidInputError);
      // The same catalog opens it again.
      expect((await createMirror({ client: testClient(fake.fetch), store }).status()).counts.products).toBe(2);
    });

    it('refuses a catalogId that is not a short non-empty string, naming it', () => {
      const client = testClient(createFakeApi({ catalogSize: 1, rateLimit: false }).fetch);
      for (const catalogId of ['', '   ', 'x'.repeat(201), 42 as unknown as string]) {
        expect(() => createMirror({ client, catalogId })).toThrow(expect.objectContaining({ issues: [expect.objectContaining({ path: 'catalogId' })] }));
      }
    });
  });
}
