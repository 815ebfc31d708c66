/** What the mirror sets aside, and that the quarantine itself stays storable and bounded. */
import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../../src/mirror/index.js';
import { QUARANTINE_LIMIT, QUARANTINE_KEY, quarantineEntry, updateQuarantine, type Quarantine } from '../../src/mirror/apply/quarantine.js';
import { unstorable } from '../../src/mirror/apply/unstorable.js';
import { produto } from './fixtures.js';

const LONE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

describe('unstorable', () => {
  it('names the field of each thing the store cannot hold, and passes a product it can', () => {
    expect(unstorable(produto('A', 1))).toBeUndefined();
    expect(unstorable(produto('A', 1, { categorias: [{ id: 'c', nome: 'x\u0000' }] }))).toMatchObject({ field: 'categorias[0].nome' });
    expect(unstorable(produto('A', 1, { titulo: '\udc00' }))).toMatchObject({ field: 'titulo', reason: expect.stringContaining('surrogate') });
    // A well-formed pair is fine.
    expect(unstorable(produto('A', 1, { titulo: 'Tênis 👟' }))).toBeUndefined();
    expect(unstorable(produto('A', 1, { numeracoes: [{ numeracao: '38', skuVariacao: 'A-38', estoque: 2 ** 31 }] }))).toMatchObject({ field: 'numeracoes[0].estoque' });
    expect(unstorable(produto('A', 1, { numeracoes: [{ numeracao: '38', skuVariacao: 'A-38', estoque: -(2 ** 31) }] }))).toBeUndefined();
    expect(unstorable(produto('A', 1, { numeracoes: [{ numeracao: '38', skuVariacao: 'A-38', estoque: 1.5 }] }))).toMatchObject({ field: 'numeracoes[0].estoque' });
    expect(unstorable(produto('A', 1, { numeracoes: [{ numeracao: '38', estoque: 1 }] as never }))).toMatchObject({ field: 'numeracoes[0].skuVariacao' });
    expect(unstorable(produto('A', 'ontem'))).toMatchObject({ field: 'atualizadoEm' });
    expect(unstorable({ ...produto('A', 1), ['chave\u0000']: 1 })).toMatchObject({ reason: expect.stringContaining('field name') });
  });

  it('keeps quarantine entries short and free of what the store refuses, even cut through a surrogate pair', () => {
    const sku = `${'x'.repeat(199)}👟${'\u0000'.repeat(100)}`;
    const entry = quarantineEntry({ sku, atualizadoEm: 'agora' }, { field: 'titulo', reason: 'r' }, 'backfill');
    expect(entry.sku.length).toBeLessThanOrEqual(206);
    expect(entry.sku).not.toMatch(LONE);
    expect(entry.sku).not.toContain('\u0000');
  });

  it(`records at most ${QUARANTINE_LIMIT} products, and drops an entry once that product is stored`, async () => {
    const store = createMemoryStore();
    const entries = Array.from({ length: QUARANTINE_LIMIT + 5 }, (_, i) => quarantineEntry({ sku: `S-${i}`, atualizadoEm: 't' }, { field: 'titulo', reason: 'r' }, 'webhook'));
    await store.transaction((tx) => updateQuarantine(tx, entries, []));
    expect(Object.keys((await store.state<Quarantine>(QUARANTINE_KEY))!)).toHaveLength(QUARANTINE_LIMIT);
    await store.transaction((tx) => updateQuarantine(tx, [], ['S-0']));
    const after = (await store.state<Quarantine>(QUARANTINE_KEY))!;
    expect(Object.keys(after)).toHaveLength(QUARANTINE_LIMIT - 1);
    expect(after['S-0']).toBeUndefined();
  });
});
