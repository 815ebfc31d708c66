/**
 * What a shared budget granted, read from Redis itself (`MONITOR`, which shows the commands its scripts
 * run): each grant's time on Redis's clock and its process, and each start taken back (a 429, a call
 * never sent). A judge of the budget that no delivery delay can blur: the server's own log sees requests
 * when they arrive, and on a loaded machine the way from a grant to the server can bunch a window's calls
 * into the next one.
 */
import { createClient } from 'redis';

/** A call the budget let start. */
export interface Grant {
  /** Redis's clock (epoch ms) when the budget's script granted it. */
  readonly at: number;
  readonly ticket: string;
  /** The process part of the ticket (`<pid>-<random>`). */
  readonly process: string;
  /** Its place among everything recorded. */
  readonly seq: number;
}

/** A start taken back from the window (its slot is free again). */
export interface TakeBack {
  readonly ticket: string;
  readonly seq: number;
}

/** Starts recording the grants of budget `key` on the Redis at `url`; `stop()` ends it and returns them. */
export async function recordGrants(url: string, key: string): Promise<{ stop(): Promise<{ grants: Grant[]; takeBacks: TakeBack[] }> }> {
  const monitor = createClient({ url });
  await monitor.connect();
  const grants: Grant[] = [];
  const takeBacks: TakeBack[] = [];
  let seq = 0;
  const starts = `${key}}:starts`;
  await monitor.monitor((line: string) => {
    // `<ts> [0 lua] "ZADD" "<prefix>{key}:starts" "<now>" "<ticket>"`: a grant (a re-stamp has "XX").
    const args = [...line.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => m[1]!);
    if (!line.includes(' lua] ') || !args[1]?.endsWith(starts)) return;
    seq++;
    if (args[0] === 'ZADD' && args.length === 4) grants.push({ at: Number(args[2]), ticket: args[3]!, process: args[3]!.split(':')[0]!, seq });
    if (args[0] === 'ZREM') takeBacks.push({ ticket: args[2]!, seq });
  });
  return {
    async stop() {
      monitor.destroy();
      return { grants, takeBacks };
    },
  };
}

/**
 * The most calls that counted in any `windowMs` ending at a grant: the grants of that window, the
 * grant itself included, less those taken back before it. The budget promises this never exceeds its
 * limit, whatever the load.
 */
export function busiestWindow(grants: readonly Grant[], takeBacks: readonly TakeBack[], windowMs: number): number {
  let most = 0;
  for (const g of grants) {
    const counted = grants.filter((h) => h.at > g.at - windowMs && h.seq <= g.seq && !takeBacks.some((t) => t.ticket === h.ticket && t.seq < g.seq));
    most = Math.max(most, counted.length);
  }
  return most;
}
