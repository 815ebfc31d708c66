/**
 * The mirror's change feed over HTTP (results: bench/README.md, "Mirror change feed"): a reader
 * (readMirrorFeed) catches up BENCH_PRODUCTS products from offset -1 over loopback, then follows live
 * changes; the latency is from the commit of each change (its transaction resolved) to the reader
 * holding it. Targets: 10,000 products in ≤ 2 s, live p99 ≤ 100 ms.
 *
 * Run: npx tsx bench/mirror-feed.ts
 *   BENCH_STORE=memory|pglite|embedded (default memory; embedded = a folder: SQLite on Node 22.13+, else PGlite)
 *   BENCH_PRODUCTS=N (default 10000), BENCH_RUNS=N catch-up runs (default 5), BENCH_LIVE=N live changes (default 200)
 */
import { mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEmbeddedStore, createMemoryStore, createPgliteStore, readMirrorFeed, serveMirror, type MirrorStore } from '../src/mirror/index.js';
import { feedMirror, loteOf, skus } from '../test/mirror/feed-fixtures.js';

const kind = process.env.BENCH_STORE ?? 'memory';
const products = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const runs = Number(process.env.BENCH_RUNS ?? 5);
const liveChanges = Number(process.env.BENCH_LIVE ?? 200);

const inner: MirrorStore = kind === 'pglite' ? createPgliteStore() : kind === 'embedded' ? createEmbeddedStore({ dataDir: mkdtempSync(join(tmpdir(), 'pc-feed-bench-')) }) : createMemoryStore();
// When each write transaction committed: the start of a live change's latency.
let committedAt = 0;
const store: MirrorStore = Object.assign(Object.create(inner) as MirrorStore, {
  transaction: async <T>(fn: Parameters<MirrorStore['transaction']>[0]) => {
    const result = (await inner.transaction(fn)) as T;
    committedAt = performance.now();
    return result;
  },
});
const mirror = feedMirror(store);
const fillStart = performance.now();
const all = skus(products, 'BENCH');
for (let i = 0; i < all.length; i += 1_000) await mirror.applyEvent(loteOf(all.slice(i, i + 1_000), 10));
console.log(`store ${kind === 'embedded' ? `embedded (${inner.kind})` : kind}: ${products} products stored in ${((performance.now() - fillStart) / 1000).toFixed(1)} s; Node ${process.version}`);
const feed = await serveMirror({ mirror });

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const ms = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))]!;

for (const limit of [undefined, 10_000]) {
  const times: number[] = [];
  let last = '';
  for (let run = 0; run < runs; run++) {
    const start = performance.now();
    let count = 0;
    for await (const batch of readMirrorFeed(feed.url, limit === undefined ? {} : { limit })) {
      count += batch.messages.length;
      if (batch.rejected.length > 0) throw new Error(`rejected: ${batch.rejected[0]!.reason}`);
      last = batch.offset;
    }
    if (count !== products) throw new Error(`read ${count} of ${products}`);
    times.push(performance.now() - start);
  }
  console.log(
    `catch-up from -1, ${limit === undefined ? 'default page (1000)' : `limit ${limit}`}: median ${ms(times, 50).toFixed(0)} ms, max ${Math.max(...times).toFixed(0)} ms over ${runs} runs (load ${load()}); tail ${last}`,
  );
}

const latencies: number[] = [];
const controller = new AbortController();
let received: (() => void) | undefined;
const reading = (async () => {
  try {
    for await (const batch of readMirrorFeed(feed.url, { from: 'now', live: true, signal: controller.signal })) {
      if (batch.messages.length > 0) {
        latencies.push(performance.now() - committedAt);
        received?.();
      }
    }
  } catch (err) {
    if (!controller.signal.aborted) throw err;
  }
})();
// The reader's first long-poll is open once 'now' answered; a short pause lets it register.
await new Promise((done) => setTimeout(done, 200));
for (let i = 0; i < liveChanges; i++) {
  const got = new Promise<void>((done) => (received = done));
  await mirror.applyEvent(loteOf([all[i % all.length]!], 100 + i));
  await got;
}
controller.abort();
await reading;
console.log(
  `live: ${liveChanges} changes, commit to reader p50 ${ms(latencies, 50).toFixed(1)} ms, p99 ${ms(latencies, 99).toFixed(1)} ms, max ${Math.max(...latencies).toFixed(1)} ms (load ${load()})`,
);
await feed.close();
await mirror.close();
