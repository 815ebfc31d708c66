/**
 * The soak harness: runs a part's operations in chunks, samples the heap after a forced full GC between
 * chunks, and fits a line through the samples after warm-up. Runs with `--expose-gc` (npm run bench:soak).
 */
import { collectGarbage } from '../../test/helpers/gc.js';

/** One long-running part: `setup` builds it once; `run(from, to)` performs operations `from` to `to - 1`. */
export interface SoakPart {
  /** Name on the command line and in the tables, e.g. `client-fetch`. */
  readonly name: string;
  /** What one operation is, for the table's heading. */
  readonly operation: string;
  /** Operations at SOAK_SCALE=1. */
  readonly ops: number;
  setup(): Promise<SoakRun>;
}

/** A part set up and ready to run. */
export interface SoakRun {
  run(from: number, to: number): Promise<void>;
  close(): Promise<void>;
  /** A line printed under the part's table (what the part holds by design, for instance). */
  note?(): string | Promise<string>;
}

/** Heap and RSS after a full GC, in bytes, after `ops` operations. */
export interface Sample {
  readonly ops: number;
  readonly heapUsed: number;
  readonly rss: number;
}

/** What a soak found. */
export interface SoakResult {
  readonly part: SoakPart;
  readonly ops: number;
  readonly samples: readonly Sample[];
  /** Heap growth per 10,000 operations after warm-up, bytes (least squares). */
  readonly slope: number;
  readonly note: string | undefined;
}

/** Samples taken per part: enough points that one noisy sample moves the fitted slope little. */
export const INTERVALS = 20;

/** Share of the operations counted as warm-up (caches filling, JIT, pools), left out of the slope. */
export const WARM_UP = 0.2;

/**
 * The verdict's bound: 0.5 MB per 10,000 operations, 50 bytes per operation. Anything kept per operation
 * (a Map entry with a string key, a closure, a listener) costs 100 bytes or more, so a real retention shows
 * at least twice over it; the heap after a full GC moves by a few hundred KB between samples, which over
 * 16 samples after warm-up fits to a slope well under it.
 */
export const TARGET_BYTES_PER_10K = 0.5 * 1024 * 1024;

const MB = 1024 * 1024;

/**
 * SOAK_TURN=0 samples without letting the event loop turn: what only a FinalizationRegistry callback
 * or a timer frees (undici's abort listeners, msw's request records) then still counts, as it does in
 * a loop of in-process calls that never yields (the fake.fetch leak of issue 24 showed only this way).
 */
const turnLoop = process.env.SOAK_TURN !== '0';

/** The heap and RSS after a full GC and, unless SOAK_TURN=0, one turn of the event loop and a second GC. */
export async function settledHeap(ops: number): Promise<Sample> {
  await collectGarbage(turnLoop);
  const { heapUsed, rss } = process.memoryUsage();
  return { ops, heapUsed, rss };
}

/** Least-squares slope of heapUsed over ops, in bytes per 10,000 operations. */
export function slopePer10k(samples: readonly Sample[]): number {
  const n = samples.length;
  if (n < 2) return Number.NaN;
  const mx = samples.reduce((s, x) => s + x.ops, 0) / n;
  const my = samples.reduce((s, x) => s + x.heapUsed, 0) / n;
  let sxy = 0;
  let sxx = 0;
  for (const x of samples) {
    sxy += (x.ops - mx) * (x.heapUsed - my);
    sxx += (x.ops - mx) ** 2;
  }
  return (sxy / sxx) * 10_000;
}

/** The samples the slope is fitted to: those at or after the warm-up share of the operations. */
export function afterWarmUp(samples: readonly Sample[], ops: number): Sample[] {
  return samples.filter((s) => s.ops >= ops * WARM_UP);
}

/** Runs one part for `ops` operations in {@link INTERVALS} chunks, sampling after each. */
export async function soak(part: SoakPart, ops: number): Promise<SoakResult> {
  const running = await part.setup();
  const samples: Sample[] = [await settledHeap(0)];
  try {
    let done = 0;
    for (let i = 1; i <= INTERVALS; i++) {
      const to = Math.round((ops * i) / INTERVALS);
      await running.run(done, to);
      done = to;
      samples.push(await settledHeap(done));
    }
    const note = running.note ? await running.note() : undefined;
    return { part, ops, samples, slope: slopePer10k(afterWarmUp(samples, ops)), note };
  } finally {
    await running.close();
  }
}

export const mb = (bytes: number): string => (bytes / MB).toFixed(2);

/** "flat" under the target, else "GROWS", with the bytes per operation. */
export function verdict(slope: number): string {
  return slope < TARGET_BYTES_PER_10K ? 'flat' : `**GROWS** (${Math.round(slope / 10_000)} B/op)`;
}

/** The part's own table: heap and RSS at each interval, then the slope. */
export function partTable(r: SoakResult): string {
  const lines = [
    `### ${r.part.name}: ${r.part.operation}, ${r.ops.toLocaleString('en')} operations`,
    '',
    '| ops | heapUsed MB | RSS MB |',
    '|---|---|---|',
    ...r.samples.map((s) => `| ${s.ops.toLocaleString('en')} | ${mb(s.heapUsed)} | ${mb(s.rss)} |`),
    '',
    `Slope after warm-up (first ${WARM_UP * 100}% left out): ${mb(r.slope)} MB per 10,000 operations, ${verdict(r.slope)}.`,
  ];
  if (r.note) lines.push('', r.note);
  return lines.join('\n');
}

/** One row per part, as bench/README.md keeps it. */
export function summaryTable(results: readonly SoakResult[]): string {
  return [
    '| part | operation | ops | heap after warm-up | heap at the end | slope per 10,000 ops | verdict |',
    '|---|---|---|---|---|---|---|',
    ...results.map((r) => {
      const warm = afterWarmUp(r.samples, r.ops)[0]!;
      return `| ${r.part.name} | ${r.part.operation} | ${r.ops.toLocaleString('en')} | ${mb(warm.heapUsed)} MB | ${mb(r.samples.at(-1)!.heapUsed)} MB | ${mb(r.slope)} MB | ${verdict(r.slope)} |`;
    }),
  ].join('\n');
}
