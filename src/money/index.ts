export { Money, type MoneyInput } from './money.js';
export { moneySchema } from './schema.js';
