/**
 * Moves a shared budget's deadlines on Redis's own clock, so a test proves "once the lease (or the
 * server's window) ends, callers are served again" without waiting for a duration: the budget is set up
 * with deadlines far longer than any stall of a loaded machine, the test asserts the refusal, then ends
 * the deadline where the budget's scripts read it (as the passing of time would) and asserts the grant.
 */
import { createClient } from 'redis';

const open = (url: string) => createClient({ url });
type Admin = ReturnType<typeof open>;

/** Opens a plain client on `url`, runs `body` with it, and closes it. */
export async function withAdmin<T>(url: string, body: (admin: Admin) => Promise<T>): Promise<T> {
  const admin = open(url);
  await admin.connect();
  try {
    return await body(admin);
  } finally {
    admin.destroy();
  }
}

/** Redis's `TIME` in epoch milliseconds: the clock every budget script reads. */
export async function redisNow(admin: Admin): Promise<number> {
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- Redis's TIME answers two strings; the assertion says so
  const [seconds, micros] = (await admin.sendCommand(['TIME'])) as [string, string];
  return Number(seconds) * 1000 + Math.floor(Number(micros) / 1000);
}

/** The one key prefix (`…{key}:`) of the budget named `key`; fails when there is not exactly one. */
async function prefixOf(admin: Admin, key: string): Promise<string> {
  const states = await admin.keys(`*${key}}:state`);
  if (states.length !== 1) throw new Error(`expected one budget named ${key} in Redis, found ${states.length}`);
  return states[0]!.slice(0, -'state'.length);
}

/** When the probe call of budget `key` stops holding its lease, on Redis's clock (epoch ms). */
export async function probeLeaseEnd(admin: Admin, key: string): Promise<number> {
  const prefix = await prefixOf(admin, key);
  const probe = await admin.hGet(`${prefix}state`, 'probe');
  if (probe == null) throw new Error(`budget ${key} has no probe call`);
  const until = await admin.zScore(`${prefix}leases`, probe);
  if (until == null) throw new Error(`the probe call of budget ${key} holds no lease`);
  return until;
}

/** Ends the probe call's lease now, on Redis's clock, as its expiry would. */
export async function endProbeLease(admin: Admin, key: string): Promise<void> {
  const prefix = await prefixOf(admin, key);
  const probe = await admin.hGet(`${prefix}state`, 'probe');
  if (probe == null) throw new Error(`budget ${key} has no probe call`);
  await admin.zAdd(`${prefix}leases`, { score: await redisNow(admin), value: probe }, { condition: 'XX' });
}

/**
 * Ends, now on Redis's clock, what the budget `key` knows of the server's window in progress (its
 * `X-RateLimit-Limit`, `Remaining` and the calls of others it counted), as the window's end would.
 */
export async function endServerWindow(admin: Admin, key: string): Promise<void> {
  const prefix = await prefixOf(admin, key);
  const now = String(await redisNow(admin));
  const fields = Object.keys(await admin.hGetAll(`${prefix}state`)).filter((f) => f.endsWith('Until'));
  if (fields.length === 0) throw new Error(`budget ${key} knows no server window`);
  await admin.hSet(`${prefix}state`, Object.fromEntries(fields.map((f) => [f, now])));
}
