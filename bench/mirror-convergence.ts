/**
 * Convergence under chaos over many seeds (results: bench/README.md, "Catalog mirror"): for each seed,
 * the scenario of test/mirror/chaos-on-fake.ts — a backfill while the testing kit's fake catalog changes
 * under it, then 1,000 random changes (lotes included, same-millisecond ties now and then) with 30% of
 * notices dropped and others duplicated, delayed and reordered, then one follow run. Prints one line per
 * seed (converged field for field, changes applied backwards, log chain breaks and repeats, calls, time)
 * and a summary; exits 1 when any seed fails to converge or applies anything backwards.
 *
 * Run: npx tsx bench/mirror-convergence.ts [seeds=50] [first seed=1]
 *   BENCH_STORE=pglite: the embedded store instead of memory; BENCH_CATALOG=N: N products at the start
 *   (default 120; a small catalog makes same-millisecond ties on one product, and their re-reads, common).
 */
import { createPgliteStore } from '../src/mirror/index.js';
import { runChaos, type ChaosReport } from '../test/mirror/chaos-on-fake.js';

const count = Number(process.argv[2] ?? 50);
const first = Number(process.argv[3] ?? 1);
const pglite = process.env.BENCH_STORE === 'pglite';
const catalogSize = Number(process.env.BENCH_CATALOG ?? 120);
const reports: ChaosReport[] = [];
console.log('| seed | converged | backwards | chain breaks | repeats | log | ties | steps | notices made / dropped / duplicated / delayed / reordered | calls backfill + follow + obter | ms |');
console.log('|---|---|---|---|---|---|---|---|---|---|---|');
for (let seed = first; seed < first + count; seed++) {
  const r = await runChaos({ seed, catalogSize, ...(pglite ? { store: createPgliteStore() } : {}) });
  reports.push(r);
  const n = r.notices;
  console.log(
    `| ${seed} | ${r.converged ? 'yes' : `**no** ${r.mismatches.join(' ')}`} | ${r.backwards} | ${r.chainBreaks} | ${r.repeats} | ${r.logLength} | ${r.ties} | ${r.changes} | ${n.made} / ${n.dropped} / ${n.duplicated} / ${n.delayed} / ${n.reordered} | ${r.calls.backfill} + ${r.calls.follow} + ${r.calls.obter} | ${r.ms.toFixed(0)} |`,
  );
}
const sum = (f: (r: ChaosReport) => number) => reports.reduce((a, r) => a + f(r), 0);
const sorted = reports.map((r) => r.ms).sort((a, b) => a - b);
const failed = reports.filter((r) => !r.converged || r.backwards > 0 || r.chainBreaks > 0 || r.repeats > 0);
console.log(
  `\n${reports.length} seeds (${pglite ? 'embedded PGlite' : 'memory'} store, ${catalogSize} products at the start): converged ${reports.filter((r) => r.converged).length}/${reports.length}; backwards ${sum((r) => r.backwards)}; chain breaks ${sum((r) => r.chainBreaks)}; repeats ${sum((r) => r.repeats)}; ties ${sum((r) => r.ties)}; ` +
    `notices dropped ${((100 * sum((r) => r.notices.dropped)) / sum((r) => r.notices.made)).toFixed(1)}% of those made; follow calls max ${Math.max(...reports.map((r) => r.calls.follow))}; product reads (ties) max ${Math.max(...reports.map((r) => r.calls.obter))}; ` +
    `time median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(0)} ms, max ${sorted.at(-1)!.toFixed(0)} ms`,
);
if (failed.length) {
  console.log(`FAILED seeds: ${failed.map((r) => r.seed).join(', ')}`);
  process.exitCode = 1;
}
