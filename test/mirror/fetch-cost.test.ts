/**
 * The budget cost of fetching list items whole is visible before it is spent: a list item lacking a
 * field costs one call per product instead of one per 100, so it is announced, never silent; and an
 * optional field absent or null costs no fetch.
 */
import { describe, expect, it } from 'vitest';
import { createMemoryStore, createMirror, type MirrorSource, type MirrorWarning } from '../../src/mirror/index.js';
import { createFakeApi } from '../../src/testing/index.js';
import { testClient } from '../helpers/client.js';
import { tampering } from './tamper.js';

function counting(source: MirrorSource): MirrorSource & { obter: number } {
  const counts = { obter: 0 };
  return Object.assign(counts, {
    produtos: {
      listar: (...args: Parameters<MirrorSource['produtos']['listar']>) => source.produtos.listar(...args),
      obter: (...args: Parameters<MirrorSource['produtos']['obter']>) => (counts.obter++, source.produtos.obter(...args)),
    },
  });
}

describe('fetching list items whole', () => {
  it('costs nothing for optional fields absent or null: 150 products in 2 calls', async () => {
    const fake = createFakeApi({ catalogSize: 150, rateLimit: false });
    const client = testClient(
      tampering(
        fake.fetch,
        ({ titulo: _absent, ...p }) => ({ ...p, imagem: null, precoAtual: null, tags: null }),
        () => new Date(),
      ),
    );
    const source = counting(client);
    const warnings: MirrorWarning[] = [];
    const mirror = createMirror({ client: source, store: createMemoryStore() });
    expect(await mirror.backfill({ onWarning: (w) => void warnings.push(w) })).toMatchObject({ calls: 2, applied: 150 });
    expect(source.obter).toBe(0);
    expect(warnings).toEqual([]);
    expect((await mirror.status()).backfill!.fetches).toBeNull();
  });

  it('when a required field is missing, says why and what it will cost before the first fetch; on the next scan the estimate equals the calls made', async () => {
    const fake = createFakeApi({ catalogSize: 150, rateLimit: false });
    const client = testClient(
      tampering(
        fake.fetch,
        ({ numeracoes: _missing, ...p }) => p,
        () => new Date(),
      ),
    );
    const source = counting(client);
    const mirror = createMirror({ client: source, store: createMemoryStore() });
    const seen: Array<{ warning: MirrorWarning; fetchesSoFar: number }> = [];
    const onWarning = (warning: MirrorWarning) => void seen.push({ warning, fetchesSoFar: source.obter });

    const first = await mirror.backfill({ onWarning });
    expect(first).toMatchObject({ calls: 2 + 150, applied: 150 });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ fetchesSoFar: 0, warning: { kind: 'fetches', estimate: { missingFields: ['numeracoes'], perHundred: 100, expectedFetches: null } } });
    expect(seen[0]!.warning.message).toContain('numeracoes');
    expect((await mirror.status()).backfill!.fetches).toMatchObject({ reason: expect.stringContaining('numeracoes'), fetches: 150 });

    seen.length = 0;
    const second = await mirror.backfill({ onWarning });
    const estimate = (seen[0]!.warning as Extract<MirrorWarning, { kind: 'fetches' }>).estimate;
    expect(seen[0]!.fetchesSoFar).toBe(150);
    expect(estimate).toMatchObject({ expectedFetches: 150, expectedCalls: 152 });
    expect(second.calls).toBe(estimate.expectedCalls);
  });
});
