/**
 * Soak: does each long-running part keep a flat heap? Every part runs its operations in 20 chunks;
 * after each chunk the heap is measured after a full GC (and one turn of the event loop), and the
 * slope per 10,000 operations is fitted over the samples after the first 20%. Prints one table per
 * part and a summary table (bench/README.md, "Soak: heap over long runs (issue 24)").
 *
 *   npm run bench:soak                       every part (a few minutes on 2 cores)
 *   npm run bench:soak -- client-fetch mirror-memory   only the parts named
 *   SOAK_SCALE=0.1 npm run bench:soak        a tenth of the operations, for a quick look
 *   SOAK_TURN=0 npm run bench:soak -- client-fetch   samples without one turn of the event loop
 *
 * Each part runs in a process of its own (this script again, with SOAK_CHILD=1), so one part's heap
 * never carries what an earlier part left. Needs redis-server on the PATH for the Redis parts (each
 * starts its own on a free port).
 * The verdict is printed, not an exit code: some parts grow by design (bench/README.md says which).
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { startRedis, type RedisServer } from '../test/redis/redis-server.js';
import { clientFetch, clientLoopback, clientMsw, clientSharedBudget } from './soak/client.js';
import { partTable, soak, summaryTable, type SoakPart, type SoakResult } from './soak/harness.js';
import { fakeNotices, mirrorMemory, mirrorPglite } from './soak/mirror.js';
import { outboxControl, outboxMemory, outboxPglite } from './soak/outbox.js';
import { forwarderAlone, sandboxForwarding } from './soak/sandbox.js';
import { webhookMemory, webhookRedis } from './soak/webhooks.js';

const scale = Number(process.env.SOAK_SCALE ?? 1);
if (!(scale > 0)) throw new Error(`SOAK_SCALE must be a number > 0 (got ${process.env.SOAK_SCALE})`);

// The Redis of the part that needs one, started on first use.
let redisServer: Promise<RedisServer> | undefined;
const redis = () => (redisServer ??= startRedis());

const parts: SoakPart[] = [
  clientFetch,
  clientLoopback,
  clientMsw,
  clientSharedBudget(redis),
  webhookMemory,
  webhookRedis(redis),
  mirrorMemory,
  mirrorPglite,
  fakeNotices,
  outboxMemory,
  outboxPglite,
  outboxControl,
  sandboxForwarding,
  forwarderAlone,
];

const asked = process.argv.slice(2);
const unknown = asked.filter((name) => !parts.some((p) => p.name === name));
if (unknown.length) throw new Error(`unknown part ${unknown.join(', ')}; the parts are ${parts.map((p) => p.name).join(', ')}`);
const chosen = asked.length ? parts.filter((p) => asked.includes(p.name)) : parts;

const RESULT = 'SOAK_RESULT ';

/** Runs one part in this process; its result goes to stdout on one line for the parent. */
async function child(part: SoakPart): Promise<void> {
  const started = performance.now();
  const result = await soak(part, Math.max(100, Math.round(part.ops * scale)));
  console.log(`${partTable(result)}\n\n(${((performance.now() - started) / 1000).toFixed(1)} s)\n`);
  console.log(RESULT + JSON.stringify({ ops: result.ops, samples: result.samples, slope: result.slope, note: result.note }));
  await (await redisServer)?.stop();
}

/** Runs one part in a child process (same Node flags), echoing its tables, and reads its result. */
async function inChild(part: SoakPart): Promise<SoakResult> {
  const proc = spawn(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), part.name], { env: { ...process.env, SOAK_CHILD: '1' }, stdio: ['ignore', 'pipe', 'inherit'] });
  let result: SoakResult | undefined;
  for await (const line of createInterface({ input: proc.stdout })) {
    if (line.startsWith(RESULT)) result = { part, ...(JSON.parse(line.slice(RESULT.length)) as Omit<SoakResult, 'part'>) };
    else console.log(line);
  }
  const code = await new Promise<number | null>((resolve) => (proc.exitCode !== null ? resolve(proc.exitCode) : proc.once('exit', resolve)));
  if (!result) throw new Error(`part ${part.name} ended (exit code ${code}) without a result`);
  return result;
}

if (process.env.SOAK_CHILD === '1') {
  await child(chosen[0]!);
} else {
  console.log(
    `Node ${process.version}, ${process.platform} ${process.arch}, SOAK_SCALE=${scale}${process.env.SOAK_TURN === '0' ? ', SOAK_TURN=0 (no event-loop turn before a sample)' : ''}, each part in its own process\n`,
  );
  const results: SoakResult[] = [];
  for (const part of chosen) results.push(await inChild(part));
  console.log('## Summary\n');
  console.log(summaryTable(results));
}
