/**
 * The convergence-under-chaos scenario on the testing kit's own fake, shared by the regression test
 * (test/mirror/convergence-seeds.test.ts) and the many-seed bench (bench/mirror-convergence.ts):
 *
 * 1. a backfill while the catalog changes under it (`changesDuringBackfill` per page);
 * 2. `changes` random changes through `fake.catalog.changeAtRandom` (lotes included), the fake's clock
 *    moving 0 to 2 s per change (0 in one change of five: same-millisecond ties), while notices go to
 *    the mirror (`applyEvent`, no dedupe by event id in front) with 30% dropped and some duplicated, delayed and reordered, stock
 *    notices delayed and merged as the spec says;
 * 3. every notice still held back is delivered, then one follow run.
 *
 * It reports whether the mirror then equals the fake field for field (every product, every size),
 * changes applied backwards, breaks of the change log's chain (an entry whose `before` is not the
 * previous `after` of its sku: a change lost or applied twice), entries that changed nothing (a change
 * logged twice), calls made, and time.
 */
import { PartnerCommerce } from '../../src/index.js';
import { canonicalJson } from '../../src/internal/canonical-json.js';
import { stateKey } from '../../src/mirror/apply/canonical.js';
import { createMemoryStore, createMirror, type Change, type MirrorStore } from '../../src/mirror/index.js';
import { createFakeApi } from '../../src/testing/index.js';
import { parseWebhook } from '../../src/webhooks/index.js';
import { seeded } from './chaos-catalog.js';
import { wholeChangeLog } from './fixtures.js';

export interface ChaosOptions {
  seed: number;
  /** Random changes after the backfill. @default 1000 */
  changes?: number;
  /** Products at the start. @default 120 */
  catalogSize?: number;
  /** Changes made while each backfill page is stored. @default 20 */
  changesDuringBackfill?: number;
  /** @default a memory store */
  store?: MirrorStore;
}

export interface ChaosReport {
  seed: number;
  converged: boolean;
  /** Skus whose mirrored state differs from the fake's (first few). */
  mismatches: string[];
  /** Log entries whose `atualizadoEm` is older than the previous entry of the same sku. */
  backwards: number;
  /** Log entries whose `before` is not the previous entry's `after` (same sku). */
  chainBreaks: number;
  /** Log entries whose `after` equals their `before` (content and timestamp): a change logged twice. */
  repeats: number;
  logLength: number;
  /** Notice states that tied with the stored one (same `atualizadoEm`, other content): applied, then settled by the follow. */
  ties: number;
  /** Random steps made in all, backfill overlap included (a lote step is 2 to 10 changes). */
  changes: number;
  /** Notices made (a duplicate's second delivery not counted), and the fate of each. */
  notices: { made: number; dropped: number; duplicated: number; delayed: number; reordered: number };
  /** API calls of the mirror: backfill, the final follow, and product reads (ties). */
  calls: { backfill: number; follow: number; obter: number };
  ms: number;
}

export async function runChaos(options: ChaosOptions): Promise<ChaosReport> {
  const { seed, changes = 1000, catalogSize = 120, changesDuringBackfill = 20 } = options;
  const started = performance.now();
  const random = seeded(seed);
  let clock = Date.parse('2026-11-20T10:00:00-03:00');
  const deliver: { to?: (body: string) => Promise<void> } = {};
  const fake = createFakeApi({
    catalogSize,
    rateLimit: false,
    now: () => new Date(clock),
    webhookFaults: { drop: 0.3, duplicate: 0.15, delay: 0.2, reorder: 0.2, seed },
    onWebhook: async (_e, { body }) => void (await deliver.to?.(body)),
  });
  const calls = { listar: 0, obter: 0 };
  const fetch: typeof globalThis.fetch = (input, init) => {
    const path = new URL(input instanceof Request ? input.url : String(input)).pathname;
    if (path === '/v1/produtos') calls.listar++;
    else if (path.startsWith('/v1/produtos/')) calls.obter++;
    return fake.fetch(input, init);
  };
  const client = new PartnerCommerce({ token: 'svc_sbx_caos', baseUrl: 'https://sandbox.example.test', fetch, rateLimit: false, logLevel: 'off' });
  const store = options.store ?? createMemoryStore();
  const mirror = createMirror({ client, store });
  // Straight to the mirror, not through a webhook handler: its dedupe by event id would hide duplicates
  // from the mirror, whose own ordering rule is what is under test.
  let ties = 0;
  deliver.to = async (body) => void (ties += (await mirror.applyEvent(parseWebhook(body))).ties);
  let steps = 0;
  const tick = () => {
    steps++;
    clock += random() < 0.2 ? 0 : 1 + Math.floor(random() * 2000);
  };
  let round = 0;
  const change = (n: number) => fake.catalog.changeAtRandom(n, { seed: `${seed}:${round++}`, batches: 0.05, afterEach: tick });

  await mirror.backfill({ onPage: () => change(changesDuringBackfill) });
  const backfillCalls = calls.listar;
  await change(changes);
  await fake.flushWebhooks();
  clock += 60_000;
  const before = { ...calls };
  await mirror.follow();

  const expected = fake.catalog.products();
  const mismatches: string[] = [];
  if ((await store.counts()).products !== expected.length) mismatches.push(`count ${(await store.counts()).products} != ${expected.length}`);
  for (const produto of expected) {
    const row = await store.produto(produto.sku);
    let same = canonicalJson(row?.produto) === canonicalJson(produto) && row?.naoVistoDesde === null;
    for (const n of produto.numeracoes) same &&= (await store.variacao(n.skuVariacao))?.estoque === n.estoque;
    if (!same && mismatches.length < 10) mismatches.push(produto.sku);
  }
  const log = await wholeChangeLog(store);
  let backwards = 0;
  let chainBreaks = 0;
  let repeats = 0;
  const last = new Map<string, Change>();
  for (const c of log) {
    const previous = last.get(c.sku);
    if (previous) {
      if (Date.parse(c.after!.atualizadoEm) < Date.parse(previous.after!.atualizadoEm)) backwards++;
      if (canonicalJson(c.before) !== canonicalJson(previous.after)) chainBreaks++;
    } else if (c.kind !== 'criado') chainBreaks++;
    if (c.before && c.kind !== 'ausente' && c.kind !== 'reapareceu' && stateKey(c.before) === stateKey(c.after!) && c.before.atualizadoEm === c.after!.atualizadoEm) repeats++;
    last.set(c.sku, c);
  }
  const faults = fake.webhooks.map((d) => d.fault);
  const report: ChaosReport = {
    seed,
    converged: mismatches.length === 0,
    mismatches,
    backwards,
    chainBreaks,
    repeats,
    logLength: log.length,
    ties,
    changes: steps,
    notices: {
      made: faults.length - faults.filter((f) => f === 'duplicate').length,
      dropped: faults.filter((f) => f === 'drop').length,
      duplicated: faults.filter((f) => f === 'duplicate').length,
      delayed: faults.filter((f) => f === 'delay').length,
      reordered: faults.filter((f) => f === 'reorder').length,
    },
    calls: { backfill: backfillCalls, follow: calls.listar - before.listar, obter: calls.obter },
    ms: performance.now() - started,
  };
  await mirror.close();
  return report;
}
