/**
 * Several webhook receivers as real OS processes sharing one Redis dedupe store, as behind a load
 * balancer: every delivery is sent to all of them at once, and each event (and each lote item) must be
 * handled exactly once; a receiver SIGKILLed mid-handler leaves a reservation that expires, after which
 * another receiver handles the event.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { createClient } from 'redis';
import { afterEach, expect, it } from 'vitest';
import { eventoBody, produtoJson } from '../webhooks/fixtures.js';
import { nodeArgs } from '../setup/provided.js';
import { describeWithRedis } from './redis-server.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const receiverScript = fileURLToPath(new URL('./fixtures/webhook-receiver.ts', import.meta.url));
/** How long a receiver's reservation lasts: far longer than any handler here, so none expires mid-test. */
const RESERVE_MS = 120_000;
/**
 * The crash test's: far longer than any pause of a loaded machine between the kill and the check that
 * the reservation still holds; the test then lets it run out on Redis's clock itself (PEXPIRE).
 */
const CRASH_RESERVE_MS = 120_000;

interface Receiver {
  name: string;
  child: ChildProcess;
  url: string;
  /** Every line the receiver printed so far. */
  lines: string[];
  /** Resolves once the receiver printed a line that `match` accepts. */
  waitFor(match: (line: string) => boolean): Promise<string>;
}

const started: Receiver[] = [];
afterEach(() => {
  for (const r of started.splice(0)) r.child.kill('SIGKILL');
});

async function startReceiver(name: string, env: Record<string, string>): Promise<Receiver> {
  const child = spawn(process.execPath, nodeArgs(receiverScript), {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines: string[] = [];
  const waiters: { match: (line: string) => boolean; resolve: (line: string) => void }[] = [];
  createInterface({ input: child.stdout }).on('line', (line) => {
    lines.push(line);
    for (const w of waiters.filter((w) => w.match(line))) {
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve(line);
    }
  });
  const waitFor = (match: (line: string) => boolean) =>
    new Promise<string>((resolve, reject) => {
      const seen = lines.find(match);
      if (seen) return resolve(seen);
      waiters.push({ match, resolve });
      child.once('exit', (code, signal) => reject(new Error(`${name} exited (${code ?? signal}) before printing what the test waits for`)));
    });
  const receiver: Receiver = { name, child, lines, waitFor, url: '' };
  started.push(receiver);
  const listening = await waitFor((line) => line.startsWith('listening '));
  receiver.url = `http://127.0.0.1:${listening.split(' ')[1]}/webhook`;
  return receiver;
}

/** Sends one delivery; the answer as `<status> <outcome>` (the adapters answer `{ outcome }`). */
async function deliver(receiver: Receiver, body: string): Promise<string> {
  const response = await fetch(receiver.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  return `${response.status} ${((await response.json()) as { outcome: string }).outcome}`;
}

/** `handled …` lines of every receiver, each tagged with who printed it. */
const handledLines = (receivers: Receiver[]) => receivers.flatMap((r) => r.lines.filter((l) => l.startsWith('handled ')).map((l) => `${l.slice('handled '.length)} @${r.name}`));

const lote = (id: string, skus: string[]) =>
  eventoBody('produto.lote', {
    id,
    dados: { total: skus.length, itens: skus.map((sku) => ({ evento: 'produto.estoque_atualizado', produto: produtoJson(sku) })) },
  });

describeWithRedis('webhook receivers in several processes sharing the Redis dedupe store', (redis) => {
  it('handles each event and each lote item exactly once when all three receivers get every delivery at once', async () => {
    const env = { REDIS_URL: redis.url, PREFIX: `multi-${Date.now()}:`, RESERVE_MS: String(RESERVE_MS) };
    const receivers = await Promise.all(['r1', 'r2', 'r3'].map((name) => startReceiver(name, env)));
    const orders = Array.from({ length: 20 }, (_, i) => `evt_${i}`);
    const skus = ['TEN-1', 'TEN-2', 'TEN-3', 'TEN-4', 'TEN-5'];
    const bodies = [...orders.map((id) => eventoBody('pedido.criado', { id })), lote('evt_lote_a', skus), lote('evt_lote_b', skus)];

    // One delivery each first, so every receiver has loaded its modules and connected before the race.
    await Promise.all(receivers.map((r, i) => deliver(r, eventoBody('pedido.criado', { id: `evt_warmup_${i}` }))));

    const first = await Promise.all(bodies.map((body) => Promise.all(receivers.map((r) => deliver(r, body)))));
    for (const answers of first) {
      // Of the three copies, exactly one ran the handler; the others found it reserved (409) or done.
      expect(answers.filter((a) => a === '200 handled')).toHaveLength(1);
      expect(answers.filter((a) => a !== '200 handled').every((a) => a === '409 in-flight' || a === '200 duplicate')).toBe(true);
    }
    // The supplier delivers again what was answered 409: every copy now finds the id handled.
    const again = await Promise.all(bodies.flatMap((body) => receivers.map((r) => deliver(r, body))));
    expect(again).toEqual(again.map(() => '200 duplicate'));

    const handled = handledLines(receivers)
      .map((line) => line.replace(/ @r\d$/, ''))
      .filter((line) => !line.startsWith('evt_warmup_'));
    const expected = [...orders, ...['evt_lote_a', 'evt_lote_b'].flatMap((loteId) => skus.map((sku, i) => `${loteId}:${i} ${sku}`))];
    expect(handled.sort()).toEqual(expected.sort());
  });

  it('lets another receiver handle a lote once a receiver SIGKILLed mid-item lets its reservation expire, without repeating done items', async () => {
    const env = { REDIS_URL: redis.url, PREFIX: `crash-${Date.now()}:`, RESERVE_MS: String(CRASH_RESERVE_MS) };
    const [victim, r2, r3] = await Promise.all([startReceiver('victim', { ...env, HANG_SKU: 'TEN-HANG' }), startReceiver('r2', env), startReceiver('r3', env)]);
    const body = lote('evt_crash', ['TEN-1', 'TEN-2', 'TEN-HANG', 'TEN-4']);

    const victimAnswer = deliver(victim, body).catch(() => 'connection lost');
    await victim.waitFor((line) => line.startsWith('started evt_crash:2 TEN-HANG'));
    victim.child.kill('SIGKILL');
    expect(await victimAnswer).toBe('connection lost');

    // The dead receiver's reservation still holds: the others refuse the lote for now (409).
    expect(await deliver(r2, body)).toBe('409 in-flight');
    // The dead receiver's reservations reach the end of their time on Redis's clock (as the TTL would).
    const admin = createClient({ url: redis.url });
    await admin.connect();
    try {
      const reserved = [];
      for (const key of await admin.keys(`${env.PREFIX}*`)) if ((await admin.get(key))?.startsWith('reserved:')) reserved.push(key);
      expect(reserved.length).toBeGreaterThan(0);
      for (const key of reserved) await admin.pExpire(key, 1);
      // Gone once Redis itself dropped them (the test's timeout bounds the wait).
      for (const key of reserved) while ((await admin.exists(key)) !== 0) await new Promise((resolve) => setTimeout(resolve, 5));
    } finally {
      admin.destroy();
    }
    // The supplier delivers again; the reservation expired, so one receiver takes it.
    expect(await deliver(r3, body)).toBe('200 handled');

    const handled = handledLines([victim, r2, r3]);
    expect(handled.filter((l) => l.endsWith('@victim')).sort()).toEqual(['evt_crash:0 TEN-1 @victim', 'evt_crash:1 TEN-2 @victim']);
    expect(handled.map((l) => l.replace(/ @\w+$/, '')).sort()).toEqual(['evt_crash:0 TEN-1', 'evt_crash:1 TEN-2', 'evt_crash:2 TEN-HANG', 'evt_crash:3 TEN-4']);
    expect(handled.find((l) => l.startsWith('evt_crash:2 '))).toMatch(/@r[23]$/);
  });
});
