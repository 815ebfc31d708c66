/**
 * The local sandbox (`partner-commerce sandbox`) as partners leave it running: `startSandbox` in this
 * process (so the GC and the heap measured are its own), forwarding to a small node:http receiver on
 * loopback. One operation = one product change on the sandbox's catalog, whose notice is journaled and
 * forwarded, signed; the operation ends when the receiver has answered. `sandbox-forwarder`
 * runs the forwarder alone (`Forwarder.send`).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Forwarder, type DeliveryAttempt } from '../../src/cli/sandbox/forwarder.js';
import { startSandbox } from '../../src/cli/sandbox/start-sandbox.js';
import type { SoakPart, SoakRun } from './harness.js';

const TOKEN = 'svc_sbx_soak_sandbox';

/** A receiver that reads each notice and answers 204. */
async function receiver(): Promise<{ url: string; received: () => number; close: () => Promise<void> }> {
  let received = 0;
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received++;
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhooks`,
    received: () => received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Resolves each `next()` at the following delivery attempt; a failed attempt fails the soak. */
function attempts(): { onAttempt: (a: DeliveryAttempt) => void; next: () => Promise<void> } {
  let waiting: ((a: DeliveryAttempt) => void) | undefined;
  return {
    onAttempt: (a) => {
      if (a.error !== undefined) throw new Error(`delivery of ${a.eventId} failed: ${a.error}`);
      waiting?.(a);
    },
    next: () => new Promise<void>((resolve) => (waiting = () => resolve())),
  };
}

export const sandboxForwarding: SoakPart = {
  name: 'sandbox-forwarding',
  operation: 'a product change in `startSandbox`, its notice journaled and forwarded to a loopback receiver',
  ops: 20_000,
  async setup(): Promise<SoakRun> {
    const dir = mkdtempSync(join(tmpdir(), 'pc-soak-sandbox-'));
    const target = await receiver();
    const delivered = attempts();
    const sandbox = await startSandbox({
      journalDir: join(dir, 'journal'),
      forwardTo: target.url,
      rateLimit: false,
      stockWebhookDelayMs: 0,
      secret: 'whsec_soak',
      controlSecret: 'sbxctl_soak',
      onDelivery: delivered.onAttempt,
    });
    // Notices go to accounts that have called the fake: one call, as a partner's client makes.
    await fetch(`${sandbox.url}/v1/conta`, { headers: { authorization: `Bearer ${TOKEN}` } }).then((r) => r.arrayBuffer());
    const { catalog } = sandbox.fake;
    const skus = catalog.skus();
    return {
      async run(from, to) {
        for (let n = from; n < to; n++) {
          const sku = skus[n % skus.length]!;
          const forwarded = delivered.next();
          // Each change must send a notice (one to the same value sends none): a new title, or a price unlike the current one.
          const precoAtacado = catalog.product(sku)!.precoAtacado === '59.90' ? '58.90' : '59.90';
          await (n % 2 === 0 ? catalog.changeTitle(sku, `Produto ${n}`) : catalog.changePrices(sku, { precoAtacado }));
          await forwarded;
        }
      },
      async close() {
        await sandbox.close();
        await target.close();
        rmSync(dir, { recursive: true, force: true });
      },
      note: () => `${target.received().toLocaleString('en')} notices received.`,
    };
  },
};

export const forwarderAlone: SoakPart = {
  name: 'sandbox-forwarder',
  operation: '`Forwarder.send()` of one notice to a loopback receiver, awaited (the forwarder alone)',
  ops: 20_000,
  async setup(): Promise<SoakRun> {
    const target = await receiver();
    const delivered = attempts();
    const forwarder = new Forwarder({ url: target.url, secret: 'whsec_soak', onAttempt: delivered.onAttempt });
    return {
      async run(from, to) {
        for (let n = from; n < to; n++) {
          const forwarded = delivered.next();
          forwarder.send({ id: `evt_soak_${n}`, evento: 'produto.nome_alterado' });
          await forwarded;
        }
      },
      async close() {
        await forwarder.close();
        await target.close();
      },
      note: () => `${target.received().toLocaleString('en')} notices received.`,
    };
  },
};
