/**
 * `partner-commerce webhooks replay-failed` and `webhooks dead-letters`, run in process on a handler
 * module written to a temp folder, as a partner writes one: it imports the SDK, makes the handler with
 * its dead-letter and dedupe stores, and exports it.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryDeadLetterStore, createMemoryDedupeStore, type DeadLetterStore, type DedupeStore } from '../../src/webhooks/index.js';
import { eventoBody } from '../webhooks/fixtures.js';
import { runInProcess } from './cli-in-process.js';

const folder = mkdtempSync(join(tmpdir(), 'pc-dead-letters-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** What the test shares with the module: its stores and what its handler ran. */
interface Shared {
  deadLetters: DeadLetterStore;
  dedupe: DedupeStore;
  failing: Set<string>;
  runs: string[];
}
const shared = globalThis as unknown as { __pcDeadLetterTest?: Shared };

const webhooksEntry = pathToFileURL(join(__dirname, '../../src/webhooks/index.ts')).href;
const modulePath = join(folder, 'handler.mjs');
writeFileSync(
  modulePath,
  `import { createWebhookHandler } from ${JSON.stringify(webhooksEntry)};
const shared = globalThis.__pcDeadLetterTest;
export const webhookHandler = createWebhookHandler({
  verify: () => true,
  logger: { warn() {}, error() {} },
  dedupe: { store: shared.dedupe },
  deadLetters: shared.deadLetters,
  on: {
    'pedido.criado': (e) => {
      if (shared.failing.has(e.id)) throw new Error('still down \\u001b[2J');
      shared.runs.push(e.id);
    },
  },
});
export default webhookHandler;
export const notAHandler = 42;
`,
);

// One state for the file: the module is imported once (its handler holds these stores); each test
// empties it and uses ids of its own.
const state: Shared = { deadLetters: createMemoryDeadLetterStore(), dedupe: createMemoryDedupeStore(), failing: new Set(), runs: [] };
shared.__pcDeadLetterTest = state;

async function recorded(ids: string[]): Promise<Shared> {
  for (const letter of await state.deadLetters.list({ limit: 1000 })) await state.deadLetters.remove(letter.id);
  state.failing.clear();
  state.runs.length = 0;
  const now = Date.now();
  for (const [i, id] of ids.entries()) {
    await state.deadLetters.record({ id, evento: 'pedido.criado', body: eventoBody('pedido.criado', { id }), error: { name: 'Error', message: 'down' }, failedAt: now - i * 86_400_000 });
  }
  return state;
}

describe('partner-commerce webhooks replay-failed', () => {
  it('replays each dead letter through the handler module, one line each and a summary; exit 1 when one fails again', async () => {
    const state = await recorded(['evt_1', 'evt_2', 'evt_3']);
    state.failing.add('evt_2');
    await state.dedupe.add('evt:evt_3', 60_000);
    const run = await runInProcess(['webhooks', 'replay-failed', '--handler', modulePath]);
    expect(run.code).toBe(1);
    const lines = run.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^replayed +pedido\.criado evt_1$/);
    // The handler's message is printed with its control characters escaped.
    expect(lines[1]).toMatch(/^failed +pedido\.criado evt_2: Error: still down \\u001b\[2J$/);
    expect(lines[2]).toMatch(/^duplicate +pedido\.criado evt_3$/);
    expect(lines[3]).toBe('3 dead letter(s): 1 replayed, 1 already handled, 1 failed again, 0 in flight elsewhere, 0 without a handler, 0 unreadable');
    expect(state.runs).toEqual(['evt_1']);
    expect((await state.deadLetters.list()).map((l) => [l.id, l.attempts])).toEqual([['evt_2', 2]]);
  });

  it('prints JSON lines with --json, takes a named export, and exits 0 when all were replayed', async () => {
    const state = await recorded(['evt_9']);
    const run = await runInProcess(['webhooks', 'replay-failed', '--handler', `${modulePath}#webhookHandler`, '--json']);
    expect(run.code).toBe(0);
    expect(
      run.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as unknown),
    ).toEqual([
      { type: 'notice', id: 'evt_9', evento: 'pedido.criado', outcome: 'replayed' },
      { type: 'summary', replayed: 1, duplicates: 0, failed: 0, inFlight: 0, unhandled: 0, unreadable: 0, stopped: false },
    ]);
    expect(state.runs).toEqual(['evt_9']);
  });

  it('refuses a module that cannot be imported, or an export that is not a handler, as a usage error', async () => {
    await recorded([]);
    const missing = await runInProcess(['webhooks', 'replay-failed', '--handler', join(folder, 'nope.mjs')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('--handler: could not import');
    const wrong = await runInProcess(['webhooks', 'replay-failed', '--handler', `${modulePath}#notAHandler`]);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('the export notAHandler');
  });
});

describe('partner-commerce webhooks dead-letters', () => {
  it('lists the dead letters without their bodies, and prunes by age', async () => {
    const state = await recorded(['evt_a', 'evt_b', 'evt_c']);
    const list = await runInProcess(['webhooks', 'dead-letters', '--handler', modulePath, '--json']);
    expect(list.code).toBe(0);
    const rows = list.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(rows.map((r) => r['id'])).toEqual(['evt_a', 'evt_b', 'evt_c']);
    expect(rows.every((r) => !('body' in r))).toBe(true);
    const pruned = await runInProcess(['webhooks', 'dead-letters', '--handler', modulePath, '--prune', '36h']);
    expect(pruned.stdout).toContain('1 dead letter(s) pruned');
    expect((await state.deadLetters.list()).map((l) => l.id)).toEqual(['evt_a', 'evt_b']);
    const bad = await runInProcess(['webhooks', 'dead-letters', '--handler', modulePath, '--prune', 'soon']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--prune must be a duration');
  });
});
