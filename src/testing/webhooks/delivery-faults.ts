import { InvalidInputError, type InputIssue } from '../../errors/invalid-input-error.js';
import { unknownOptionIssues } from '../../errors/check-options.js';
import { seededRandom, type Random } from '../catalog/random.js';
import type { FakeWebhookFaults } from './types.js';

/** What happens to one notice on its way, drawn from the seeded random. */
const FAULT_NAMES: ReadonlySet<string> = new Set(Object.keys({ drop: 1, duplicate: 1, delay: 1, reorder: 1, delayMs: 1, seed: 1 } satisfies Record<keyof FakeWebhookFaults, 1>));

export interface FaultDecision {
  drop: boolean;
  duplicate: boolean;
  delay: boolean;
  reorder: boolean;
}

/** The faults resolved: probabilities checked, defaults applied, its own seeded random. */
export class DeliveryFaults {
  readonly delayMs: number;
  readonly #random: Random;

  private constructor(
    private readonly odds: Readonly<Record<keyof FaultDecision, number>>,
    delayMs: number,
    seed: string,
  ) {
    this.delayMs = delayMs;
    this.#random = seededRandom(`webhook-faults:${seed}`);
  }

  /**
   * Checks `faults` (where: the option's name, for the message) and makes the decider; `undefined` when
   * no fault is on. @throws {InvalidInputError} naming every field that is wrong.
   */
  static from(faults: FakeWebhookFaults | undefined, where: string): DeliveryFaults | undefined {
    const issues: InputIssue[] = [];
    const made = DeliveryFaults.check(faults, where, issues);
    if (issues.length > 0) throw new InvalidInputError(issues);
    return made;
  }

  /** As {@link DeliveryFaults.from}, adding what is wrong to `issues` so the caller reports it with the rest. */
  static check(faults: FakeWebhookFaults | undefined, where: string, issues: InputIssue[]): DeliveryFaults | undefined {
    if (faults === undefined) return undefined;
    if (typeof faults !== 'object' || faults === null) {
      issues.push({ path: where, message: 'must be an object such as { drop: 0.3, seed: 1 }' });
      return undefined;
    }
    const before = issues.length;
    issues.push(...unknownOptionIssues(faults, FAULT_NAMES, where, where));
    const odds = { drop: 0, duplicate: 0, delay: 0, reorder: 0 };
    for (const key of Object.keys(odds) as Array<keyof FaultDecision>) {
      const value = faults[key] ?? 0;
      if (!(typeof value === 'number' && value >= 0 && value <= 1)) issues.push({ path: `${where}.${key}`, message: `must be a probability from 0 to 1 (got ${String(value)})` });
      else odds[key] = value;
    }
    const { delayMs = 30_000, seed = 0 } = faults;
    if (!(typeof delayMs === 'number' && Number.isFinite(delayMs) && delayMs >= 0)) issues.push({ path: `${where}.delayMs`, message: `must be a finite number >= 0 (got ${String(delayMs)})` });
    if (typeof seed !== 'string' && typeof seed !== 'number') issues.push({ path: `${where}.seed`, message: 'must be a string or a number' });
    return issues.length > before ? undefined : new DeliveryFaults(odds, delayMs, String(seed));
  }

  /** The fate of the next notice. Four draws every time, so one seed gives one sequence whatever the odds. */
  next(): FaultDecision {
    const [drop, duplicate, delay, reorder] = [this.#random.next(), this.#random.next(), this.#random.next(), this.#random.next()];
    return { drop: drop < this.odds.drop, duplicate: duplicate < this.odds.duplicate, delay: delay < this.odds.delay, reorder: reorder < this.odds.reorder };
  }
}
