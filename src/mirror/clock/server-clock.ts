import type { CatalogTx } from '../store/types.js';

/** Key of the server clock's last trusted reading in the mirror's saved state (table `pc_mirror_state`). */
export const SERVER_CLOCK_KEY = 'server_clock';

/**
 * How far the server's clock may stray from what the mirror expects of it, ms: a `Date` header, or an
 * `atualizadoEm`, further ahead than the server's estimated now plus this is not trusted for ordering
 * nor as a high-water mark; a `Date` further off either way is logged as a jump of the server clock.
 * Wide enough for drift, slow answers and test harnesses whose fake server clock runs ahead of the real
 * one; narrow enough that a wrong clock costs at most an hour of re-listing or of late changes, not years.
 */
export const CLOCK_TOLERANCE_MS = 60 * 60_000;

/** A reading of the server's clock (`Date` header) and the local clock when it arrived, epoch ms. */
export interface ClockReading {
  serverMs: number;
  localMs: number;
}

/** A `Date` header that disagreed with the server clock the mirror had followed until then. */
export interface ClockJump {
  /** The server time the answer claimed (ISO 8601). */
  claimed: string;
  /** What the mirror expected: the last trusted reading moved on by the local time since (ISO 8601). */
  expected: string;
  /** `claimed` minus `expected`, ms: positive for a clock ahead. */
  offsetMs: number;
  /** When the mirror saw it (local clock, ISO 8601). */
  seenAt: string;
}

/** What the mirror keeps of the server's clock. */
export interface SavedClock {
  /** The last trusted reading. */
  reading: ClockReading;
  /** A reading that disagreed with {@link reading}; trusted once a later answer agrees with it (a lasting jump). */
  candidate?: ClockReading | undefined;
  /** The last jump seen, for `status()`. */
  lastJump?: ClockJump | undefined;
}

/** What a `Date` header was judged to be. */
export interface ClockVerdict {
  /** Whether the header may order states and move the high-water mark. */
  trusted: boolean;
  /** Set when the header disagreed with the clock followed until then. */
  jump?: ClockJump | undefined;
  /** A lasting jump was accepted and the server clock went back: marks past it are now unreliable. */
  wentBack: boolean;
}

/** The server's now as the reading and the local time since it tell (never before the reading). */
export function estimatedServerNow(reading: ClockReading, localNow: number): number {
  return reading.serverMs + Math.max(0, localNow - reading.localMs);
}

/**
 * @internal The latest server time to trust for ordering (the estimated server now plus
 * {@link CLOCK_TOLERANCE_MS}); undefined before the mirror has read the server's clock once.
 */
export async function trustCeiling(tx: Pick<CatalogTx, 'state'>, localNow = Date.now()): Promise<number | undefined> {
  const saved = await tx.state<SavedClock>(SERVER_CLOCK_KEY);
  return saved ? estimatedServerNow(saved.reading, localNow) + CLOCK_TOLERANCE_MS : undefined;
}

/**
 * @internal Judges an answer's `Date` against the server clock followed so far and saves the outcome.
 * The first reading is trusted. One that strays more than {@link CLOCK_TOLERANCE_MS} from the estimate
 * is a jump: logged, not trusted, and kept as a candidate; if the next answer agrees with the candidate
 * rather than the old clock, the jump lasted (the server's clock was reset) and the candidate is trusted.
 */
export async function observeServerTime(tx: Pick<CatalogTx, 'state' | 'setState'>, serverMs: number, localNow = Date.now()): Promise<ClockVerdict> {
  const saved = await tx.state<SavedClock>(SERVER_CLOCK_KEY);
  const reading: ClockReading = { serverMs, localMs: localNow };
  const agrees = (r: ClockReading | undefined) => r !== undefined && Math.abs(serverMs - estimatedServerNow(r, localNow)) <= CLOCK_TOLERANCE_MS;
  if (!saved || agrees(saved.reading)) {
    await tx.setState(SERVER_CLOCK_KEY, { reading, lastJump: saved?.lastJump });
    return { trusted: true, wentBack: false };
  }
  if (agrees(saved.candidate)) {
    await tx.setState(SERVER_CLOCK_KEY, { reading, lastJump: saved.lastJump });
    return { trusted: true, wentBack: serverMs < estimatedServerNow(saved.reading, localNow) };
  }
  const expected = estimatedServerNow(saved.reading, localNow);
  const jump: ClockJump = { claimed: new Date(serverMs).toISOString(), expected: new Date(expected).toISOString(), offsetMs: serverMs - expected, seenAt: new Date(localNow).toISOString() };
  await tx.setState(SERVER_CLOCK_KEY, { reading: saved.reading, candidate: reading, lastJump: jump });
  return { trusted: false, jump, wentBack: false };
}
