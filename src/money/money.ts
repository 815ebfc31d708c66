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
 * The arithmetic and rounding methods below give `Money` too; the other `Decimal` methods (`pow`,
 * `sqrt`, `ln`...) give a plain `Decimal`, since they are not amounts. Money computes with its own
 * decimal.js configuration (34 significant digits, `ROUND_HALF_UP`), unaffected by `Decimal.set()`.
 *
 * `new Money(v)` accepts whatever `Decimal` does and checks nothing (every arithmetic result goes
 * through it); to check a partner's input use {@link Money.of}.
 */
export class Money extends MoneyDecimal {
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
    return new Money(input);
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

  // decimal.js builds each result with the constructor it pinned on the operand, the clone above, so
  // these wrap the result to keep arithmetic on Money giving Money. (The alternative, an accessor on
  // `constructor` that defeats decimal.js's pin, relied on how decimal.js builds its results; the
  // measured difference is in bench/README.md, the "dependency internals" section.)

  /** The absolute value. */
  override absoluteValue(): Money {
    return new Money(super.absoluteValue());
  }
  /** The absolute value (alias of `absoluteValue`). */
  override abs(): Money {
    return new Money(super.abs());
  }
  /** Rounded up to a whole number. */
  override ceil(): Money {
    return new Money(super.ceil());
  }
  /** Rounded down to a whole number. */
  override floor(): Money {
    return new Money(super.floor());
  }
  /** Rounded to a whole number (half up). */
  override round(): Money {
    return new Money(super.round());
  }
  /** The whole part, decimals dropped. */
  override truncated(): Money {
    return new Money(super.truncated());
  }
  /** The whole part (alias of `truncated`). */
  override trunc(): Money {
    return new Money(super.trunc());
  }
  /** Limited to the range `min`..`max`. */
  override clampedTo(min: Decimal.Value, max: Decimal.Value): Money {
    return new Money(super.clampedTo(min, max));
  }
  /** Limited to the range (alias of `clampedTo`). */
  override clamp(min: Decimal.Value, max: Decimal.Value): Money {
    return new Money(super.clamp(min, max));
  }
  /** The same amount with the opposite sign. */
  override negated(): Money {
    return new Money(super.negated());
  }
  /** The opposite sign (alias of `negated`). */
  override neg(): Money {
    return new Money(super.neg());
  }
  /** The exact sum. */
  override plus(n: Decimal.Value): Money {
    return new Money(super.plus(n));
  }
  /** The exact sum (alias of `plus`). */
  override add(n: Decimal.Value): Money {
    return new Money(super.add(n));
  }
  /** The exact difference. */
  override minus(n: Decimal.Value): Money {
    return new Money(super.minus(n));
  }
  /** The exact difference (alias of `minus`). */
  override sub(n: Decimal.Value): Money {
    return new Money(super.sub(n));
  }
  /** The exact product; may have more than two decimal places (round with `toDecimalPlaces(2)`). */
  override times(n: Decimal.Value): Money {
    return new Money(super.times(n));
  }
  /** The exact product (alias of `times`). */
  override mul(n: Decimal.Value): Money {
    return new Money(super.mul(n));
  }
  /** The quotient, to 34 significant digits; round with `toDecimalPlaces(2)`. */
  override dividedBy(n: Decimal.Value): Money {
    return new Money(super.dividedBy(n));
  }
  /** The quotient (alias of `dividedBy`). */
  override div(n: Decimal.Value): Money {
    return new Money(super.div(n));
  }
  /** The whole part of the quotient. */
  override dividedToIntegerBy(n: Decimal.Value): Money {
    return new Money(super.dividedToIntegerBy(n));
  }
  /** The whole part of the quotient (alias of `dividedToIntegerBy`). */
  override divToInt(n: Decimal.Value): Money {
    return new Money(super.divToInt(n));
  }
  /** The remainder of the division. */
  override modulo(n: Decimal.Value): Money {
    return new Money(super.modulo(n));
  }
  /** The remainder (alias of `modulo`). */
  override mod(n: Decimal.Value): Money {
    return new Money(super.mod(n));
  }
  /** Rounded to `decimalPlaces` places (half up); `toDecimalPlaces(2)` makes any result a wire amount. */
  override toDecimalPlaces(decimalPlaces?: number): Money;
  /** Rounded to `decimalPlaces` places with the given rounding mode. */
  override toDecimalPlaces(decimalPlaces: number, rounding: Decimal.Rounding): Money;
  override toDecimalPlaces(decimalPlaces?: number, rounding?: Decimal.Rounding): Money {
    return new Money(super.toDecimalPlaces(decimalPlaces as number, rounding as Decimal.Rounding));
  }
  /** Rounded to `decimalPlaces` places (alias of `toDecimalPlaces`). */
  override toDP(decimalPlaces?: number): Money;
  /** Rounded with the given rounding mode (alias of `toDecimalPlaces`). */
  override toDP(decimalPlaces: number, rounding: Decimal.Rounding): Money;
  override toDP(decimalPlaces?: number, rounding?: Decimal.Rounding): Money {
    return new Money(super.toDP(decimalPlaces as number, rounding as Decimal.Rounding));
  }
  /** The nearest multiple of `n` (e.g. `toNearest("0.05")`). */
  override toNearest(n: Decimal.Value, rounding?: Decimal.Rounding): Money {
    return new Money(super.toNearest(n, rounding));
  }
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
