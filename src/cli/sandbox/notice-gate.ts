import { seededRandom } from './random.js';
import type { FakeWebhookEvent } from '../../testing/index.js';

/** How a batch's notices leave the gate. */
export interface ReleasePlan {
  /** Shuffle their order (seeded). */
  shuffle: boolean;
  /** Share of notices delivered a second time, right after the batch (same id). */
  dup: number;
  seed: string | number;
}

/** What a batch let out. */
export interface Released {
  notices: number;
  duplicates: number;
}

/**
 * Between the fake and the sandbox's journal and forwarder: notices pass straight through, except
 * while a trigger batch runs, when they are held and then let out shuffled and with duplicates, as a
 * real sender's retries and parallel workers would deliver them. One batch at a time.
 */
export class NoticeGate {
  #held: FakeWebhookEvent[] | undefined;
  #queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly emit: (event: FakeWebhookEvent) => void) {}

  /** A notice from the fake. */
  push(event: FakeWebhookEvent): void {
    if (this.#held) this.#held.push(event);
    else this.emit(event);
  }

  /** Runs `fn` holding every notice, then lets them out by `plan` (also when `fn` throws). */
  batch<T>(fn: () => Promise<T>, plan: ReleasePlan): Promise<{ result: T } & Released> {
    const run = this.#queue.then(async () => {
      const held: FakeWebhookEvent[] = (this.#held = []);
      try {
        const result = await fn();
        return { result, ...this.#release(held, plan) };
      } finally {
        this.#held = undefined;
        // Notices of a batch that failed midway still go out, in order.
        for (const e of held) this.emit(e);
      }
    });
    this.#queue = run.catch(() => undefined);
    return run;
  }

  #release(held: FakeWebhookEvent[], plan: ReleasePlan): Released {
    const random = seededRandom(`trigger:${String(plan.seed)}`);
    const order = [...held];
    if (plan.shuffle) {
      for (let i = order.length - 1; i > 0; i--) {
        const j = random.int(0, i);
        [order[i], order[j]] = [order[j]!, order[i]!];
      }
    }
    // Each duplicate goes out after its first delivery, up to five notices later.
    const later = new Map<number, FakeWebhookEvent[]>();
    let duplicates = 0;
    order.forEach((event, i) => {
      if (!(plan.dup > 0 && random.next() < plan.dup)) return;
      duplicates++;
      const at = random.int(i, Math.min(order.length - 1, i + 5));
      later.set(at, [...(later.get(at) ?? []), event]);
    });
    const out = order.flatMap((event, i) => [event, ...(later.get(i) ?? [])]);
    for (const event of out) this.emit(event);
    // Held notices are already emitted; `finally` must not emit them again.
    held.length = 0;
    return { notices: out.length, duplicates };
  }
}
