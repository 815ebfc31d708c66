import { once } from '../../internal/once.js';
import { CATALOGO_ROWS } from '../catalogo.js';
import { CLIENTES_ROWS } from '../clientes.js';
import { CONTA_ROWS } from '../conta.js';
import { FINANCEIRO_ROWS } from '../financeiro.js';
import { LOJA_HUB_ROWS } from '../loja-hub.js';
import type { Operation } from '../operation.js';
import { PEDIDOS_ROWS } from '../pedidos.js';
import { SANDBOX_ROWS } from '../sandbox.js';
import { CATALOGO_PROSE } from './catalogo.js';
import { CLIENTES_PROSE } from './clientes.js';
import { CONTA_PROSE } from './conta.js';
import { FINANCEIRO_PROSE } from './financeiro.js';
import { LOJA_HUB_PROSE } from './loja-hub.js';
import type { OperationProse } from './operation-prose.js';
import { PEDIDOS_PROSE } from './pedidos.js';
import { SANDBOX_PROSE } from './sandbox.js';

// Each prose table is keyed by its rows' names and checked against them (`satisfies`), so a row without
// prose, or prose without a row, does not compile.
const PAIRS: readonly (readonly [Readonly<Record<string, Operation>>, Readonly<Record<string, OperationProse>>])[] = [
  [CONTA_ROWS, CONTA_PROSE],
  [CATALOGO_ROWS, CATALOGO_PROSE],
  [CLIENTES_ROWS, CLIENTES_PROSE],
  [PEDIDOS_ROWS, PEDIDOS_PROSE],
  [FINANCEIRO_ROWS, FINANCEIRO_PROSE],
  [LOJA_HUB_ROWS, LOJA_HUB_PROSE],
  [SANDBOX_ROWS, SANDBOX_PROSE],
];

const byId = once(() => {
  const map = new Map<string, OperationProse>();
  for (const [rows, prose] of PAIRS) for (const [name, row] of Object.entries(rows)) map.set(row.id, prose[name] as OperationProse);
  return map;
});

/** @internal The summary and description of `row`. */
export function proseOf(row: Operation): OperationProse {
  const prose = byId().get(row.id);
  // A bug of ours, not the caller's: every row has its prose (the tables above do not compile otherwise).
  if (prose === undefined) throw new Error(`operation ${row.id} has no prose`);
  return prose;
}
