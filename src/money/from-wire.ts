import { Money } from './money.js';

/** decimal.js stores digits in words of this many decimal digits (base 1e7). */
const WORD = 7;

/** The three fields decimal.js keeps a value in: sign, base-10 exponent, base-1e7 digit words. */
interface DecimalFields {
  s: number;
  e: number;
  d: number[];
}

/**
 * @internal Builds a Money from a wire string already checked against `^-?\d+\.\d{2}$`, without
 * decimal.js's general parser: every price of every parsed record and webhook comes through here,
 * and the general constructor (which re-validates the text) was the largest cost of parsing a small
 * event. The result is the same value decimal.js would build (a property test compares the fields).
 */
export function moneyFromWire(wire: string): Money {
  const negative = wire.charCodeAt(0) === 45;
  const dot = wire.length - 3;
  const digits = wire.slice(negative ? 1 : 0, dot) + wire.slice(dot + 1);
  const integerDigits = dot - (negative ? 1 : 0);
  let first = 0;
  while (first < digits.length && digits.charCodeAt(first) === 48) first++;
  let end = digits.length;
  while (end > first && digits.charCodeAt(end - 1) === 48) end--;
  const money = Object.create(Money.prototype) as Money & DecimalFields;
  money.s = negative ? -1 : 1;
  if (first === end) {
    money.e = 0;
    money.d = [0];
    return money;
  }
  const significant = digits.slice(first, end);
  const e = integerDigits - first - 1;
  // The first word holds the digits down to the next multiple-of-7 boundary of the exponent.
  let head = (e + 1) % WORD;
  if (head <= 0) head += WORD;
  const words: number[] = [];
  if (head >= significant.length) {
    words.push(Number(significant.padEnd(head, '0')));
  } else {
    words.push(Number(significant.slice(0, head)));
    for (let at = head; at < significant.length; at += WORD) words.push(Number(significant.slice(at, at + WORD).padEnd(WORD, '0')));
  }
  money.e = e;
  money.d = words;
  return money;
}
