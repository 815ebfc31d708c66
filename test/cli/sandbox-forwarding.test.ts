import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_RETRY_SCHEDULE_MS } from '../../src/cli/sandbox/forwarder.js';
import { sandboxSignatureVerifier, startSandbox, trigger, type DeliveryAttempt, type LocalSandbox } from '../../src/cli/index.js';
import { PartnerCommerce } from '../../src/index.js';

// The sandbox's sender (startSandbox, as a test suite calls it): a failed delivery is retried on the
// schedule, each attempt signed afresh and numbered, until the receiver accepts it or the schedule
// ends; close() cancels retries still scheduled. Small schedules are passed as options.
const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((o) => o.close()));
});

interface Received {
  attempt: string | undefined;
  verified: boolean;
  id: string;
}

/** A receiver answering `statuses` in turn (then 200), recording each attempt and whether its signature verifies. */
async function receiver(secret: string, statuses: number[]): Promise<{ url: string; received: Received[] }> {
  const verify = sandboxSignatureVerifier(secret);
  const received: Received[] = [];
  const server: Server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const headers = new Headers(Object.entries(req.headers).map(([k, v]) => [k, String(v)] as [string, string]));
      void verify(new Uint8Array(body), headers).then((verified) => {
        received.push({ attempt: req.headers['x-sandbox-delivery-attempt'] as string | undefined, verified, id: (JSON.parse(body.toString()) as { id: string }).id });
        res.writeHead(statuses.shift() ?? 200).end();
      });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  open.push({ close: () => new Promise((r) => server.close(() => r())) });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`, received };
}

async function sandboxTo(forwardTo: string, retryScheduleMs: number[], attempts: DeliveryAttempt[]): Promise<LocalSandbox> {
  const sandbox = await startSandbox({
    forwardTo,
    retryScheduleMs,
    secret: 'whsec_forwarding_test',
    rateLimit: false,
    journalDir: mkdtempSync(join(tmpdir(), 'pc-forwarding-')),
    onDelivery: (a) => void attempts.push(a),
  });
  open.push(sandbox);
  return sandbox;
}

function until(test: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    const poll = () => (test() ? resolve() : setTimeout(poll, 5));
    poll();
  });
}

describe('sandbox forwarding retries', () => {
  it('retries a refused delivery on the schedule until the receiver accepts it; each attempt signed and numbered', async () => {
    const { url, received } = await receiver('whsec_forwarding_test', [500, 503]);
    const attempts: DeliveryAttempt[] = [];
    const sandbox = await sandboxTo(url, [10, 10, 10], attempts);
    await trigger(new PartnerCommerce({ token: 'svc_sbx_forwarding', baseUrl: sandbox.url, logLevel: 'off' }), 'financeiro.lancamento_criado');
    await until(() => attempts.length === 3);
    expect(attempts.map((a) => [a.attempt, a.status, a.willRetry])).toEqual([
      [1, 500, true],
      [2, 503, true],
      [3, 200, false],
    ]);
    expect(received.map((r) => r.attempt)).toEqual(['1', '2', '3']);
    expect(received.every((r) => r.verified)).toBe(true);
    expect(new Set(received.map((r) => r.id)).size).toBe(1);
  });

  it('gives up after the last scheduled retry when the receiver keeps failing', async () => {
    const { url } = await receiver('whsec_forwarding_test', [500, 500, 500, 500]);
    const attempts: DeliveryAttempt[] = [];
    const sandbox = await sandboxTo(url, [10, 10], attempts);
    await trigger(new PartnerCommerce({ token: 'svc_sbx_forwarding_2', baseUrl: sandbox.url, logLevel: 'off' }), 'financeiro.lancamento_criado');
    await until(() => attempts.some((a) => !a.willRetry));
    expect(attempts.map((a) => [a.attempt, a.willRetry])).toEqual([
      [1, true],
      [2, true],
      [3, false],
    ]);
    expect(attempts.every((a) => a.error === 'answered 500')).toBe(true);
  });

  it('a receiver that is down is retried too; close() cancels the retries still scheduled', async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    const attempts: DeliveryAttempt[] = [];
    const sandbox = await sandboxTo(`http://127.0.0.1:${port}/webhooks`, [20], attempts);
    await trigger(new PartnerCommerce({ token: 'svc_sbx_forwarding_3', baseUrl: sandbox.url, logLevel: 'off' }), 'financeiro.lancamento_criado');
    await until(() => attempts.length === 1);
    expect(attempts[0]).toMatchObject({ attempt: 1, status: null, willRetry: true });
    await sandbox.close();
    // Proving an absence takes a wait: five times the retry's delay, and still no second attempt.
    await new Promise((r) => setTimeout(r, 100));
    expect(attempts).toHaveLength(1);
    // A second close (the afterEach's) waits for the same one.
    await sandbox.close();
    expect(DEFAULT_RETRY_SCHEDULE_MS).toEqual([1_000, 5_000, 30_000, 120_000]);
  });
});
