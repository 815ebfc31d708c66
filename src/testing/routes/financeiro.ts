import { ok, type RouteContext, type RouteResult } from '../core/context.js';
import { sumMoney } from '../core/money.js';
import { paginate } from '../core/paginate.js';
import { route, type RouteDefinition } from '../core/router.js';
import { toBrasilia } from '../core/timestamp.js';

/** Balance and statement of the account (entries come from the ledger simulator). */
export const financeiroRoutes: readonly RouteDefinition[] = [
  route('GET /v1/financeiro/saldo', saldo, { read: 'financeiro:ler' }),
  route('GET /v1/financeiro/extrato', ({ account, query }) => ok(paginate([...account.lancamentos.values()], (l) => l.id, query, 'extrato:id')), {
    read: 'financeiro:ler',
  }),
];

/** `{ saldo, atualizadoEm }` (shape not shown by the spec): the sum of every entry, credits minus debits. */
function saldo({ account, now }: RouteContext): RouteResult {
  return ok({ saldo: sumMoney([...account.lancamentos.values()].map((l) => l.valor)), atualizadoEm: toBrasilia(now) });
}
