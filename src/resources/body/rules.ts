import { InvalidInputError } from '../../errors/invalid-input-error.js';
import { Money } from '../../money/index.js';
import { kindOf } from '../../internal/kind-of.js';

/** @internal What a rule decides about one field: the value to send, or why it is refused. */
export type RuleResult = { ok: true; value: unknown } | { ok: false; problem: string };

/** @internal Checks one body field. Never throws: the call's `prepare` reports the problems. */
export type Rule = (value: unknown) => RuleResult;

const pass = (value: unknown): RuleResult => ({ ok: true, value });
const fail = (problem: string): RuleResult => ({ ok: false, problem });

/** @internal Lets an absent field (`undefined`) through untouched; checks it with `rule` otherwise. */
export function optional(rule: Rule): Rule {
  return (value) => (value === undefined ? pass(undefined) : rule(value));
}

/** @internal One of the listed strings. */
export function oneOf(values: readonly string[]): Rule {
  return (value) => (typeof value === 'string' && values.includes(value) ? pass(value) : fail(`must be one of ${values.join(', ')} (got ${describe(value)})`));
}

/** @internal A string with at least one character. */
export const nonEmptyString: Rule = (value) => (typeof value === 'string' && value !== '' ? pass(value) : fail(`must be a non-empty string (got ${describe(value)})`));

/**
 * @internal A string of at most `max` characters. Characters are counted as code points, the
 * more permissive reading: the server stays the authority on anything longer.
 */
export function stringUpTo(max: number): Rule {
  return (value) => {
    if (typeof value !== 'string') return fail(`must be a string of at most ${max} characters (got ${describe(value)})`);
    const length = [...value].length;
    return length <= max ? pass(value) : fail(`must have at most ${max} characters (got ${length})`);
  };
}

/** @internal An integer >= 0. */
export const nonNegativeInteger: Rule = (value) =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? pass(value) : fail(`must be an integer >= 0 (got ${typeof value === 'number' ? value : describe(value)})`);

/**
 * @internal A money amount as {@link Money.of} accepts it, sent in the two-decimal wire form
 * (`"129.90"`). With `nonZero`, zero is refused too.
 */
export function money(options: { nonZero?: boolean } = {}): Rule {
  return (value) => {
    let amount: Money;
    try {
      amount = Money.of(value as Money, '');
    } catch (err) {
      if (err instanceof InvalidInputError) return fail(err.issues[0]?.message ?? 'is not a money amount');
      throw err;
    }
    if (options.nonZero && amount.isZero()) return fail('must not be zero: a positive amount is a credit, a negative one a debit');
    return pass(amount.toString());
  };
}

function describe(value: unknown): string {
  return typeof value === 'string' ? JSON.stringify(value) : kindOf(value);
}
