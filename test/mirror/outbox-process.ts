/**
 * The process test/mirror/outbox-crash.test.ts kills. Opens the mirror on STORE (`pglite:<dir>` or
 * `postgres:<url>`) against the fake API served at FAKE_URL, then:
 *
 * - `create`: replays what an earlier (killed) run left pending, then creates the orders of BODIES_FILE
 *   through the outbox, order i under the Idempotency-Key `pedido-i` (the key a partner derives from
 *   its own order id), then replays until nothing is pending. Prints `saving i` before each and
 *   `answered i` the moment the server's answer arrives, before the outbox records it (the parent's kill
 *   points), then `done`.
 * - `replay`: prints `ready`, waits for a line on stdin (so two replayers start together), replays once
 *   and prints one JSON line `{ "sent": [keys it sent] }`.
 */
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { PartnerCommerce } from '../../src/index.js';
import type { PedidoCriarParams } from '../../src/resources/pedidos.js';
import type { RequestOptions } from '../../src/transport/request-options.js';
import { createMirror, createPgliteStore, createPostgresStore, OutboxPendingError } from '../../src/mirror/index.js';
import { OUTBOX_TOKEN } from './outbox-fixtures.js';

const [mode, storeArg, fakeUrl, bodiesFile] = process.argv.slice(2) as ['create' | 'replay', string, string, string | undefined];
const [kind, ...rest] = storeArg.split(':');
const where = rest.join(':');
const api = new PartnerCommerce({ token: OUTBOX_TOKEN, baseUrl: fakeUrl, rateLimit: false, maxRetries: 0, logLevel: 'off' });
const sent: string[] = [];
const client = {
  produtos: api.produtos,
  etiquetas: api.etiquetas,
  pedidos: {
    criar: async (body: PedidoCriarParams, options?: RequestOptions) => {
      sent.push(String(options?.idempotencyKey));
      const pedido = await api.pedidos.criar(body, options);
      process.stdout.write(`answered ${String(options?.idempotencyKey)}\n`);
      // A turn of the event loop, so a kill sent on that line can land before the answer is recorded.
      await new Promise((resolve) => setImmediate(resolve));
      return pedido;
    },
  },
};
const store = kind === 'pglite' ? createPgliteStore({ dataDir: where }) : createPostgresStore({ connectionString: where, max: 2 });
const mirror = createMirror({ client, store });
await mirror.open();

if (mode === 'create') {
  const bodies = JSON.parse(readFileSync(bodiesFile!, 'utf8')) as PedidoCriarParams[];
  await mirror.outbox.replay();
  for (let i = 0; i < bodies.length; i++) {
    process.stdout.write(`saving pedido-${i}\n`);
    try {
      await mirror.outbox.criarPedido(bodies[i]!, { idempotencyKey: `pedido-${i}` });
    } catch (err) {
      if (!(err instanceof OutboxPendingError)) throw err;
    }
  }
  while ((await mirror.contagens()).outboxPending > 0) await mirror.outbox.replay();
  await mirror.close();
  process.stdout.write('done\n');
} else {
  process.stdout.write('ready\n');
  const lines = createInterface({ input: process.stdin });
  await new Promise<void>((resolve) => lines.once('line', () => resolve()));
  // Let go of stdin, or the open pipe keeps the process alive.
  lines.close();
  process.stdin.destroy();
  await mirror.outbox.replay();
  await mirror.close();
  process.stdout.write(`${JSON.stringify({ sent })}\n`);
}
