import * as z from 'zod/mini';
import { InvalidInputError } from '../../errors/invalid-input-error.js';
import { Money, type MoneyInput } from '../../money/index.js';
import { WIRE_MONEY } from '../../money/schema.js';

const NON_ZERO = 'must not be zero: a positive amount is a credit, a negative one a debit';

/**
 * @internal A money field of a request body. Its input side is the wire string (`"129.90"`: what the
 * JSON Schema, the OpenAPI document and an MCP tool show); its output side is what a caller passes
 * (Money, Decimal, money string, number with at most two decimals), so `z.encode` checks that value
 * with {@link Money.of}'s own words and sends its wire form. With `nonZero`, zero is refused too.
 */
export function moneyInput(options: { nonZero?: boolean } = {}): z.ZodMiniType<MoneyInput, string> {
  const caller = z.custom<MoneyInput>().check(
    z.superRefine((value, ctx) => {
      let amount: Money;
      try {
        amount = Money.of(value, '');
      } catch (err) {
        if (!(err instanceof InvalidInputError)) throw err;
        ctx.addIssue({ code: 'custom', message: err.issues[0]?.message ?? 'is not a money amount', input: value });
        return;
      }
      if (options.nonZero && amount.isZero()) ctx.addIssue({ code: 'custom', message: NON_ZERO, input: value });
    }),
  );
  const wire = z.string().check(z.regex(WIRE_MONEY, { error: 'must be a money string with exactly two decimals, like "129.90" or "-5.00"' }));
  return z.codec(wire, caller, { decode: (text) => new Money(text), encode: (value) => Money.of(value, '').toString() });
}
