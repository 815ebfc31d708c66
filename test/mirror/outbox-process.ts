/**
 * The process test/mirror/outbox-crash.test.ts kills. Opens the mirror on STORE (`pglite:<dir>`, `sqlite:<file>` or
 * `postgres:<url>`) against the fake API served at FAKE_URL, then:
 *
 * - `create`: replays what an earlier (killed) run left pending, then creates the orders of BODIES_FILE
 *   through the outbox, order i under the Idempotency-Key `pedido-i` (the key a partner derives from
 *   its own order id), then replays until nothing is pending, and prints `done`. Its named kill points
 *   (kill-points.ts, chosen by the parent in `KILL_AT`): `saving pedido-i` before the row is saved,
 *   `sending pedido-i` once it is saved and claimed but not sent, and `answered pedido-i` the moment the
 *   server's answer arrives, before the outbox records it.
 * - `replay`: prints `ready`, waits for a line on stdin (so two replayers start together), replays once
 *   and prints one JSON line `{ "sent": [keys it sent] }`.
 */
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { PartnerCommerce } from '../../src/index.js';
import type { PedidoCriarParams } from '../../src/resources/pedidos.js';
import type { RequestOptions } from '../../src/transport/request-options.js';
import { createMirror, createOutbox, OutboxPendingError } from '../../src/mirror/index.js';
import { killPoint } from './kill-points.js';
import { OUTBOX_TOKEN } from './outbox-fixtures.js';
import { storeAt } from './store-at.js';

const [mode, storeArg, fakeUrl, bodiesFile] = process.argv.slice(2) as ['create' | 'replay', string, string, string | undefined];
const api = new PartnerCommerce({ token: OUTBOX_TOKEN, baseUrl: fakeUrl, rateLimit: false, maxRetries: 0, logLevel: 'off' });
const sent: string[] = [];
const client = {
  produtos: api.produtos,
  etiquetas: api.etiquetas,
  pedidos: {
    criar: async (body: PedidoCriarParams, options?: RequestOptions) => {
      const key = String(options?.idempotencyKey);
      sent.push(key);
      if (mode === 'create') killPoint(`sending ${key}`);
      const pedido = await api.pedidos.criar(body, options);
      if (mode === 'create') killPoint(`answered ${key}`);
      return pedido;
    },
  },
};
const store = storeAt(storeArg);
const mirror = createMirror({ client, store });
const outbox = createOutbox({ client, store });
await mirror.open();

if (mode === 'create') {
  const bodies = JSON.parse(readFileSync(bodiesFile!, 'utf8')) as PedidoCriarParams[];
  await outbox.replay();
  for (let i = 0; i < bodies.length; i++) {
    killPoint(`saving pedido-${i}`);
    try {
      await outbox.criarPedido(bodies[i]!, { idempotencyKey: `pedido-${i}` });
    } catch (err) {
      if (!(err instanceof OutboxPendingError)) throw err;
    }
  }
  while ((await mirror.counts()).outboxPending > 0) await outbox.replay();
  await mirror.close();
  process.stdout.write('done\n');
} else {
  process.stdout.write('ready\n');
  const lines = createInterface({ input: process.stdin });
  await new Promise<void>((resolve) => lines.once('line', () => resolve()));
  // Let go of stdin, or the open pipe keeps the process alive.
  lines.close();
  process.stdin.destroy();
  await outbox.replay();
  await mirror.close();
  process.stdout.write(`${JSON.stringify({ sent })}\n`);
}
