import { mkdtempSync } from 'node:fs';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import { trigger, type TriggerableEvent, type TriggerOptions } from '../../src/cli/index.js';
import { PartnerCommerce } from '../../src/index.js';
import { runInProcess, startInProcess, type LiveInProcess } from './cli-in-process.js';
import { recordingReceiver } from './sandbox-receiver.js';

// `sandbox --forward-to` as a partner runs it (the command, in process): the banner's secret is
// the one deliveries are signed with, whatever --journal-dir; a redirect is a failed delivery, never
// followed; several receivers each get every notice; --events keeps only the kinds named.
const TOKEN = 'svc_sbx_forward_options';
const cleanup: (() => Promise<unknown>)[] = [];

afterEach(async () => {
  for (const done of cleanup.splice(0).reverse()) await done();
});

function sandbox(args: string[]): LiveInProcess {
  const live = startInProcess(['sandbox', '--rate-limit', 'off', '--journal-dir', mkdtempSync(join(tmpdir(), 'pc-forward-options-')), ...args]);
  cleanup.push(() => live.stop());
  return live;
}

async function receiver(...args: Parameters<typeof recordingReceiver>) {
  const r = await recordingReceiver(...args);
  cleanup.push(() => r.close());
  return r;
}

/** Causes `evento` in the sandbox through the SDK (the command's own trigger is tested in cli.test.ts). */
async function triggerOn<K extends TriggerableEvent>(url: string, evento: K, options?: TriggerOptions<K>): Promise<void> {
  await trigger(new PartnerCommerce({ token: TOKEN, baseUrl: url, logLevel: 'off' }), evento, options);
}

interface Line {
  type: string;
  evento?: string;
  url?: string;
  status?: number | null;
}
const jsonLines = (live: LiveInProcess): Line[] => live.lines.map((l) => JSON.parse(l) as Line);

describe('sandbox banner', () => {
  it('prints the signing secret itself; with a custom --journal-dir a delivery verifies with it', async () => {
    const r = await receiver();
    const live = sandbox(['--forward-to', r.url]);
    await live.waitFor((l) => l.includes('Ctrl-C to stop'));
    const secretLine = live.lines.find((l) => l.includes('Your webhook signing secret is'));
    const secret = /Your webhook signing secret is (whsec_\S+)/.exec(secretLine ?? '')?.[1];
    expect(secret).toMatch(/^whsec_[0-9a-f]{48}$/);
    r.setSecret(secret!);
    const url = /Sandbox listening on (\S+)/.exec(live.lines[0]!)![1]!;
    await triggerOn(url, 'financeiro.lancamento_criado');
    await live.waitFor((l) => l.includes('↳ financeiro.lancamento_criado'));
    expect(r.received).toEqual([{ path: '/webhooks', evento: 'financeiro.lancamento_criado', verified: true }]);
    expect(live.lines.find((l) => l.includes('↳'))).toContain(': 200 ');
  });
});

describe('--forward-to never follows a redirect', () => {
  it('a 307 to a second server is a failed delivery naming its target; the second server receives nothing', async () => {
    const second = await receiver();
    const stolen = second.url.replace('/webhooks', '/stolen');
    const first = await receiver(() => ({ status: 307, headers: { location: stolen } }));
    const live = sandbox(['--forward-to', first.url]);
    const url = /Sandbox listening on (\S+)/.exec(await live.waitFor((l) => l.startsWith('Sandbox listening on')))![1]!;
    await triggerOn(url, 'financeiro.lancamento_criado');
    // The attempt is reported once its answer is in: a followed redirect would have reached the second server first.
    const attempt = await live.waitFor((l) => l.includes('↳ financeiro.lancamento_criado'));
    expect(attempt).toContain('attempt 1: 307');
    expect(attempt).toContain(`redirect to ${stolen}, not followed`);
    expect(attempt).toContain('will retry');
    expect(first.received.length).toBeGreaterThanOrEqual(1);
    expect(second.received).toEqual([]);
  });
});

describe('several --forward-to and --events', () => {
  it('each receiver gets every kept notice, a dead one does not hold up the others, and other kinds are not forwarded', async () => {
    // A receiver that is there and never answers: it drops every connection it is offered. Its port
    // stays bound for the whole test; a port closed instead could be taken by another file's server
    // running at the same time, which then answered these deliveries (a loaded CI run got 401, 401).
    const dead = createNetServer((socket) => socket.destroy());
    await new Promise<void>((r) => dead.listen(0, '127.0.0.1', r));
    const deadUrl = `http://127.0.0.1:${(dead.address() as AddressInfo).port}/webhooks`;
    onTestFinished(() => new Promise<void>((r) => dead.close(() => r())));
    const one = await receiver();
    const two = await receiver();
    const live = sandbox(['--json', '--forward-to', deadUrl, one.url, '--forward-to', two.url, '--events', 'pedido.status_alterado, financeiro.lancamento_criado']);
    const listening = JSON.parse(await live.waitFor((l) => l.includes('"listening"'))) as { url: string; secret: string; forwardTo: string[]; events: string[] };
    expect(listening.forwardTo).toEqual([deadUrl, one.url, two.url]);
    expect(listening.events).toEqual(['pedido.status_alterado', 'financeiro.lancamento_criado']);
    one.setSecret(listening.secret);
    two.setSecret(listening.secret);
    // Creates an order first (pedido.criado, not kept), then changes its status.
    await triggerOn(listening.url, 'pedido.status_alterado', { status: 'PAGO' });
    await triggerOn(listening.url, 'financeiro.lancamento_criado');
    const deliveredTo = (target: string) => jsonLines(live).filter((l) => l.type === 'delivery' && l.url === target);
    // The dead receiver's retries come a second later and keep coming: its first two attempts are enough.
    await live.waitFor(() => deliveredTo(one.url).length >= 2 && deliveredTo(two.url).length >= 2 && deliveredTo(deadUrl).length >= 2);
    const kept = [
      { path: '/webhooks', evento: 'financeiro.lancamento_criado', verified: true },
      { path: '/webhooks', evento: 'pedido.status_alterado', verified: true },
    ];
    const byKind = (rs: { evento: string }[]) => [...rs].sort((a, b) => a.evento.localeCompare(b.evento));
    expect(byKind(one.received)).toEqual(kept);
    expect(byKind(two.received)).toEqual(kept);
    expect(
      deliveredTo(deadUrl)
        .slice(0, 2)
        .map((d) => d.status),
    ).toEqual([null, null]);
    // Printed and forwarded in one step, in order: the kept kinds only.
    expect(
      jsonLines(live)
        .filter((l) => l.type === 'event')
        .map((l) => l.evento),
    ).toEqual(['pedido.status_alterado', 'financeiro.lancamento_criado']);
  });

  it('refuses an unknown --events kind and a --forward-to that is not an http URL before starting (2)', async () => {
    const unknown = await runInProcess(['sandbox', '--events', 'pedido.criado,pedido.inventado']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('--events: unknown event kind "pedido.inventado"; one of pedido.criado, ');
    expect(unknown.stdout).not.toContain('listening');
    const notHttp = await runInProcess(['sandbox', '--forward-to', 'http://localhost:3000/ok', 'ftp://localhost/hooks']);
    expect(notHttp.code).toBe(2);
    expect(notHttp.stderr).toContain('--forward-to[1]: "ftp://localhost/hooks" is not an http or https URL');
  });
});
