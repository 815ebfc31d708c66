import * as z from 'zod/mini';
import { Money } from '../../money/money.js';
import { moneySchema } from '../../money/schema.js';

// The wire rule of the spec: a string, exactly two decimals, a dot, an optional leading minus.
const WIRE = /^-?\d+\.\d{2}$/;

/** Reads a money string of a request body by the wire rule; `undefined` when it is not one (a number, `"12,50"`, `"12.5"`). */
export function readMoney(value: unknown): Money | undefined {
  return typeof value === 'string' && WIRE.test(value) ? new Money(value) : undefined;
}

/** Writes an amount as the API does (`"129.90"`, `"-5.00"`), through the SDK's own codec. */
export function wireMoney(amount: Money): string {
  return z.encode(moneySchema, amount);
}

/** Sum of wire amounts, as a wire amount. */
export function sumMoney(amounts: readonly string[]): string {
  return wireMoney(amounts.reduce((total, amount) => total.plus(amount), new Money(0)));
}

/** `price × quantity`, as a wire amount. */
export function timesMoney(price: string, quantity: number): string {
  return wireMoney(new Money(price).times(quantity));
}
