/**
 * The process test/mirror/positions.test.ts kills: opens the store STORE (`pglite:<dir>` or
 * `postgres:<url>`), applies COUNT products as a lote (printing `applied <last position>`), then opens a
 * write transaction, appends one change, and SIGKILLs itself inside it at the named point `inside-write`.
 */
import { createMirror } from '../../src/mirror/index.js';
import { parseWebhook } from '../../src/webhooks/index.js';
import { produto } from './fixtures.js';
import { storeAt } from './store-at.js';

const [store, count] = process.argv.slice(2) as [string, string];
const client = {
  produtos: {
    listar: () => {
      throw new Error('not used');
    },
    obter: () => {
      throw new Error('not used');
    },
  },
};
const mirror = createMirror({ client: client, store: storeAt(store) });
const opened = await mirror.open();
const itens = Array.from({ length: Number(count) }, (_, i) => ({ evento: 'produto.criado', produto: produto(`SKU-${i}`, i) }));
await mirror.applyEvent(
  parseWebhook({ id: 'evt_pos', evento: 'produto.lote', criadoEm: '2026-11-01T12:00:00.000Z', ambiente: 'sandbox', integracao: { id: 'int_1', nome: 'Loja' }, dados: { total: itens.length, itens } }),
);
process.stdout.write(`applied ${await opened.lastPosition()}\n`);
await opened.transaction(async (tx) => {
  await tx.appendChanges([{ sku: 'SKU-0', kind: 'alterado', fields: ['titulo'], before: null, after: produto('SKU-0', 999), origin: 'webhook', evento: null }]);
  process.stdout.write('inside-write\n');
  process.kill(process.pid, 'SIGKILL');
  await new Promise(() => undefined);
});
