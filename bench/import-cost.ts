/**
 * Import cost: the time a fresh Node process takes to `import()` an entry of the built package, next to
 * importing only the dependencies it stands on. Each sample is one new `node --input-type=module -e`
 * process that measures, with `performance.now()`, around one dynamic import (so Node's own start-up is
 * left out); sides take turns process by process, so machine drift falls on all of them alike; the
 * figure is the median.
 *
 * The package is imported by its name from the repo root (Node resolves a package's own name through
 * its `exports`), so this measures dist/ as published: run `npm run build` first.
 *
 * Targets: `partner-commerce` at most 10% above its dependencies alone; `partner-commerce/webhooks` at
 * most 10% above zod + decimal.js alone. The SDK never imports bottleneck (a declared dependency), so
 * the fair baseline of the main entry is the four it loads: ky, zod, p-retry, decimal.js; the five,
 * bottleneck included, are shown too.
 *
 * Run: npx tsx bench/import-cost.ts [--runs 15] [--strict]   (results: bench/README.md, "Import cost")
 * --strict exits 1 when a target is missed (timings are noisy on shared machines, so off by default).
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const runsArg = args.indexOf('--runs');
const RUNS = runsArg >= 0 ? Number(args[runsArg + 1]) : Number(process.env.BENCH_RUNS ?? 15);
const STRICT = args.includes('--strict');
const TARGET = 1.1;

/** Each side: the specifiers imported together (as one module graph would load them). */
const sides = {
  'nothing (an empty import)': ['data:text/javascript,'],
  'partner-commerce': ['partner-commerce'],
  'ky + zod + p-retry + decimal.js (what it loads)': ['ky', 'zod', 'p-retry', 'decimal.js'],
  'the five dependencies (+ bottleneck)': ['ky', 'zod', 'p-retry', 'bottleneck', 'decimal.js'],
  'partner-commerce/webhooks': ['partner-commerce/webhooks'],
  'zod + decimal.js': ['zod', 'decimal.js'],
} as const;
type Side = keyof typeof sides;

/** One fresh process: import `preload` untimed, then time importing `specifiers`. */
function sample(specifiers: readonly string[], preload: readonly string[] = []): number {
  const code = `
    await Promise.all(${JSON.stringify(preload)}.map((s) => import(s)));
    const t0 = performance.now();
    await Promise.all(${JSON.stringify(specifiers)}.map((s) => import(s)));
    process.stdout.write(String(performance.now() - t0));`;
  return Number(execFileSync(process.execPath, ['--input-type=module', '-e', code], { cwd: root, encoding: 'utf8' }));
}

/**
 * The same entries with their dependencies already imported in that process: what the entry itself adds
 * (reading and compiling its dist files, and whatever its modules do at load). Steadier than the
 * difference of two medians above on a busy machine.
 */
const ownSides = {
  'partner-commerce': { entry: 'partner-commerce', preload: ['ky', 'zod', 'p-retry', 'decimal.js'] },
  'partner-commerce/webhooks': { entry: 'partner-commerce/webhooks', preload: ['zod', 'decimal.js'] },
} as const;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

const names = Object.keys(sides) as Side[];
const times = new Map<Side, number[]>(names.map((n) => [n, []]));
for (const name of names) sample(sides[name]); // one warm-up each (file cache)
for (let run = 0; run < RUNS; run++) {
  for (const name of run % 2 ? [...names].reverse() : names) times.get(name)!.push(sample(sides[name]));
}
const own = new Map(Object.keys(ownSides).map((n) => [n, [] as number[]]));
for (let run = 0; run < RUNS; run++) {
  for (const [name, { entry, preload }] of Object.entries(ownSides)) own.get(name)!.push(sample([entry], preload));
}
const med = new Map(names.map((n) => [n, median(times.get(n)!)]));
const ms = (n: Side) => `${med.get(n)!.toFixed(1)} ms`;

console.log(`Node ${process.version}, median of ${RUNS} fresh processes per side (time inside the process around import()):\n`);
console.log('| import | median | min–max |');
console.log('|---|---|---|');
for (const n of names) {
  const xs = times.get(n)!;
  console.log(`| ${n} | ${ms(n)} | ${Math.min(...xs).toFixed(1)}–${Math.max(...xs).toFixed(1)} ms |`);
}

console.log('\nWhat the entry itself adds, its dependencies imported first in the same process:\n');
console.log('| entry | added | min–max |');
console.log('|---|---|---|');
for (const [name, xs] of own) console.log(`| ${name} | ${median(xs).toFixed(1)} ms | ${Math.min(...xs).toFixed(1)}–${Math.max(...xs).toFixed(1)} ms |`);

const added = (n: keyof typeof ownSides) => median(own.get(n)!);
const d4 = med.get('ky + zod + p-retry + decimal.js (what it loads)')!;
const d5 = med.get('the five dependencies (+ bottleneck)')!;
const dw = med.get('zod + decimal.js')!;
// Two estimates of each ratio: the medians of the whole imports, and (dependencies + what the entry adds)
// over the dependencies, the steadier one; the verdict is on the steadier one.
const verdicts: { what: string; ofMedians: number; ratio: number }[] = [
  { what: 'partner-commerce vs ky + zod + p-retry + decimal.js', ofMedians: med.get('partner-commerce')! / d4, ratio: (d4 + added('partner-commerce')) / d4 },
  { what: 'partner-commerce vs the five dependencies', ofMedians: med.get('partner-commerce')! / d5, ratio: (d5 + added('partner-commerce')) / d5 },
  { what: 'partner-commerce/webhooks vs zod + decimal.js', ofMedians: med.get('partner-commerce/webhooks')! / dw, ratio: (dw + added('partner-commerce/webhooks')) / dw },
];
console.log(`\nTarget: at most ${TARGET.toFixed(2)}x the dependencies alone.`);
for (const v of verdicts) console.log(`- ${v.what}: ${v.ratio.toFixed(2)}x (ratio of the medians: ${v.ofMedians.toFixed(2)}x) — ${v.ratio <= TARGET ? 'met' : 'MISSED'}`);
if (STRICT && verdicts.some((v) => v.ratio > TARGET)) process.exit(1);
