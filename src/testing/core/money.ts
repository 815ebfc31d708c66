// Written from the spec, "General conventions", row Money: "Always a string with exactly two decimals
// and a dot as separator, never a number. Negative values are written with a leading minus." The kit
// reads and writes that form itself (it does not borrow the SDK's codec, so a bug there shows up as a
// disagreement instead of being reproduced here) and computes in whole cents: a bigint, so no
// amount is rounded however large.

/** An amount in cents (`"129.90"` is `12990n`). */
export type Cents = bigint;

// Digits, a dot, exactly two digits; a minus only in front. No plus, no comma, no spaces, no exponent.
const WIRE = /^(-?)(\d+)\.(\d{2})$/;

/** Reads a money string by the spec's rule; `undefined` when it is not one (a number, `"12,50"`, `"12.5"`, `"+1.00"`). */
export function readMoney(value: unknown): Cents | undefined {
  if (typeof value !== 'string') return undefined;
  const match = WIRE.exec(value);
  if (!match) return undefined;
  const cents = BigInt(match[2]!) * 100n + BigInt(match[3]!);
  return match[1] === '-' ? -cents : cents;
}

/** Writes cents as the spec's money string (`"129.90"`, `"-5.00"`, `"0.00"`). */
export function wireMoney(cents: Cents): string {
  const negative = cents < 0n;
  const digits = (negative ? -cents : cents).toString().padStart(3, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/**
 * Cents of a money string the kit itself holds (a product's price, a stored entry).
 * @throws {TypeError} when it is not one: a bug of the kit, never a client's input.
 */
export function centsOf(value: string): Cents {
  const cents = readMoney(value);
  if (cents === undefined) throw new TypeError(`the fake holds ${JSON.stringify(value)} where a money string belongs`);
  return cents;
}

/** Sum of money strings, as a money string. */
export function sumMoney(amounts: readonly string[]): string {
  return wireMoney(amounts.reduce((total, amount) => total + centsOf(amount), 0n));
}

/** `price × quantity` (a whole number), as a money string. */
export function timesMoney(price: string, quantity: number): string {
  if (!Number.isSafeInteger(quantity)) throw new TypeError(`quantity must be a whole number (got ${quantity})`);
  return wireMoney(centsOf(price) * BigInt(quantity));
}
