import { Decimal } from 'decimal.js';
import { InvalidInputError } from '../errors/invalid-input-error.js';
import { kindOf } from '../internal/kind-of.js';

/** Anything the SDK accepts where a money amount goes in a request. */
export type MoneyInput = Money | Decimal | string | number;

// A private configuration, so a partner's `Decimal.set()` cannot change how money computes, and enough
// precision that sums and products of two-decimal amounts stay exact far beyond any real amount.
// Clones share decimal.js's one prototype, so `instanceof Decimal` still holds for Money.
const MoneyDecimal = Decimal.clone({ precision: 34 });

const MONEY_STRING = /^-?\d+(\.\d{1,2})?$/;

// Up to 15 significant digits a decimal literal survives the trip to a double and back unchanged; past
// that, `String(n)` may already differ from what the caller wrote (9007199254740993 reads back as ...992).
const MAX_EXACT_NUMBER_DIGITS = 15;

const ACCEPTED = 'a Money, a Decimal, a string like "129.90" or "-5" or a number with at most 2 decimal places';

/**
 * A money amount: a `Decimal` (decimal.js) that prints in the API's wire form.
 *
 * `toString()` and `toJSON()` give exactly two decimals with a dot (`"129.90"`, `"-5.00"`), so
 * `JSON.stringify` of a parsed record gives money back as the API sent it. When arithmetic leaves more
 * places (`times('1.1')`), they give the full exact value instead, because money is never rounded
 * behind the caller's back: round explicitly with `toDecimalPlaces(2)`.
 *
 * Arithmetic results are `Money` too. Money computes with its own decimal.js configuration
 * (34 significant digits, `ROUND_HALF_UP`), unaffected by `Decimal.set()`.
 *
 * `new Money(v)` accepts whatever `Decimal` does and checks nothing (decimal.js calls it for every
 * result); to check a partner's input use {@link Money.of}.
 */
export class Money extends MoneyDecimal {
  static {
    // decimal.js builds every result with `new x.constructor(...)`, and its constructor pins
    // `constructor` to its own function on each instance. An accessor here turns that pin into a no-op
    // and answers Money, so `plus`, `times`... return Money. Re-assigning an own property after
    // `super()` would do the same but made each Money about 60% slower to build, paid on every price parsed.
    Object.defineProperty(Money.prototype, 'constructor', {
      get: () => Money,
      set: () => {},
      configurable: true,
    });
  }

  /**
   * Checks an input amount and returns it as Money, never rounding.
   *
   * @param input a `Money`, a `Decimal` (finite, at most 2 decimal places), a string matching
   *   `^-?\d+(\.\d{1,2})?$` (`"12"`, `"12.5"`, `"-5.00"`) or a finite number with at most 2 decimal places
   *   and at most 15 significant digits (`12.5`, but not `0.1 + 0.2`).
   * @param path name of the field, reported in the error.
   * @throws {InvalidInputError} for anything else (`"12,50"`, `"R$ 10"`, `NaN`, `1e21`...), naming `path`.
   */
  static of(input: MoneyInput, path = 'valor'): Money {
    if (input instanceof Money && hasAtMostTwoPlaces(input)) return input;
    const problem = findProblem(input);
    if (problem !== undefined) throw new InvalidInputError({ path, message: problem });
    return new Money(input as Decimal.Value);
  }

  /** The wire form (`"129.90"`); the full exact value when there are more than 2 decimal places. */
  override toString(): string {
    return this.decimalPlaces() <= 2 ? this.toFixed(2) : this.toFixed();
  }

  /** Same as {@link Money.toString}, so `JSON.stringify` writes money as the API expects. */
  override toJSON(): string {
    return this.toString();
  }

  /** Same as {@link Money.toString}, so string concatenation shows the wire form too. */
  override valueOf(): string {
    return this.toString();
  }

  /** Shows the wire form in `console.log` (decimal.js would print `129.9`). */
  [Symbol.for('nodejs.util.inspect.custom')](): string {
    return this.toString();
  }
}

// decimal.js types every result as Decimal; at run time they are Money (see the constructor), and this
// declaration lets TypeScript know for the operations that make sense on amounts.
/** Arithmetic on Money gives Money. */
export interface Money {
  /** The absolute value. */
  absoluteValue(): Money;
  /** The absolute value (alias of `absoluteValue`). */
  abs(): Money;
  /** Rounded up to a whole number. */
  ceil(): Money;
  /** Rounded down to a whole number. */
  floor(): Money;
  /** Rounded to a whole number (half up). */
  round(): Money;
  /** The whole part, decimals dropped. */
  truncated(): Money;
  /** The whole part (alias of `truncated`). */
  trunc(): Money;
  /** Limited to the range `min`..`max`. */
  clampedTo(min: Decimal.Value, max: Decimal.Value): Money;
  /** Limited to the range (alias of `clampedTo`). */
  clamp(min: Decimal.Value, max: Decimal.Value): Money;
  /** The same amount with the opposite sign. */
  negated(): Money;
  /** The opposite sign (alias of `negated`). */
  neg(): Money;
  /** The exact sum. */
  plus(n: Decimal.Value): Money;
  /** The exact sum (alias of `plus`). */
  add(n: Decimal.Value): Money;
  /** The exact difference. */
  minus(n: Decimal.Value): Money;
  /** The exact difference (alias of `minus`). */
  sub(n: Decimal.Value): Money;
  /** The exact product; may have more than two decimal places (round with `toDecimalPlaces(2)`). */
  times(n: Decimal.Value): Money;
  /** The exact product (alias of `times`). */
  mul(n: Decimal.Value): Money;
  /** The quotient, to 34 significant digits; round with `toDecimalPlaces(2)`. */
  dividedBy(n: Decimal.Value): Money;
  /** The quotient (alias of `dividedBy`). */
  div(n: Decimal.Value): Money;
  /** The whole part of the quotient. */
  dividedToIntegerBy(n: Decimal.Value): Money;
  /** The whole part of the quotient (alias of `dividedToIntegerBy`). */
  divToInt(n: Decimal.Value): Money;
  /** The remainder of the division. */
  modulo(n: Decimal.Value): Money;
  /** The remainder (alias of `modulo`). */
  mod(n: Decimal.Value): Money;
  /** Rounded to `decimalPlaces` places (half up); `toDecimalPlaces(2)` makes any result a wire amount. */
  toDecimalPlaces(decimalPlaces?: number): Money;
  /** Rounded to `decimalPlaces` places with the given rounding mode. */
  toDecimalPlaces(decimalPlaces: number, rounding: Decimal.Rounding): Money;
  /** Rounded to `decimalPlaces` places (alias of `toDecimalPlaces`). */
  toDP(decimalPlaces?: number): Money;
  /** Rounded with the given rounding mode (alias of `toDecimalPlaces`). */
  toDP(decimalPlaces: number, rounding: Decimal.Rounding): Money;
  /** The nearest multiple of `n` (e.g. `toNearest("0.05")`). */
  toNearest(n: Decimal.Value, rounding?: Decimal.Rounding): Money;
}

/**
 * Checks an input amount and gives its wire form (`"129.90"`), for request bodies.
 *
 * @param path name of the field, reported in the error.
 * @throws {InvalidInputError} when `input` is not an amount {@link Money.of} accepts.
 */
export function moneyToWire(input: MoneyInput, path: string): string {
  return Money.of(input, path).toString();
}

function hasAtMostTwoPlaces(value: Decimal): boolean {
  return value.isFinite() && value.decimalPlaces() <= 2;
}

/** Why `input` is not an acceptable amount, or `undefined` when it is. */
function findProblem(input: unknown): string | undefined {
  if (typeof input === 'string') {
    if (MONEY_STRING.test(input)) return undefined;
    return `must be a string like "129.90" or "-5": digits, a dot as decimal separator, at most 2 decimal places, no spaces, thousands separators or currency symbol (got ${JSON.stringify(input)}); or ${ACCEPTED}`;
  }
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return `must be a finite number (got ${input}); accepted: ${ACCEPTED}`;
    const text = String(input);
    if (!MONEY_STRING.test(text)) {
      return `must have at most 2 decimal places, and money is never rounded silently (got ${text}); round it yourself or pass a string like "129.90"`;
    }
    if (significantDigits(text) > MAX_EXACT_NUMBER_DIGITS) {
      return `has more than ${MAX_EXACT_NUMBER_DIGITS} significant digits, more than a JavaScript number holds exactly (got ${text}); pass it as a string`;
    }
    return undefined;
  }
  if (Decimal.isDecimal(input)) {
    if (hasAtMostTwoPlaces(input)) return undefined;
    return `must be a finite Decimal with at most 2 decimal places, and money is never rounded silently (got ${input.toFixed()}); round it yourself with toDecimalPlaces(2)`;
  }
  return `must be ${ACCEPTED} (got ${kindOf(input)})`;
}

function significantDigits(text: string): number {
  return text.replace(/[-.]/g, '').replace(/^0+/, '').replace(/0+$/, '').length;
}

