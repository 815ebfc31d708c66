import * as z from 'zod/mini';
import { once } from '../internal/once.js';
import { Money } from './money.js';

// The API always writes exactly two decimals; anything else means the response is not what the spec says.
/** @internal A money amount as the wire writes it: exactly two decimals. */
export const WIRE_MONEY = /^-?\d+\.\d{2}$/;

/**
 * A money field of an API response: decodes the wire string (`"129.90"`) to {@link Money} and
 * encodes Money back to it (`z.encode(moneySchema(), money)`); the testing kit keeps its own money code,
 * so a bug here cannot hide on both sides of a test. Encoding refuses an amount with more than two
 * decimal places rather than rounding it.
 */
export const moneySchema = once(() =>
  z.codec(z.string().check(z.regex(WIRE_MONEY, { error: 'expected a money string with exactly two decimals, like "129.90" or "-5.00"' })), z.instanceof(Money), {
    decode: (wire) => new Money(wire),
    encode: (money) => money.toString(),
  }),
);
