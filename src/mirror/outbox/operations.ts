import type * as core from 'zod/v4/core';
import { InvalidInputError, type InputIssue } from '../../errors/invalid-input-error.js';
import { etiquetaSchema } from '../../models/etiqueta.js';
import { pedidoSchema } from '../../models/pedido.js';
import { encodeInput } from '../../operations/call.js';
import { FINANCEIRO_ROWS } from '../../operations/financeiro.js';
import type { Operation } from '../../operations/operation.js';
import { PEDIDOS_ROWS } from '../../operations/pedidos.js';
import type { RequestOptions } from '../../transport/request-options.js';
import type { OutboxClient, OutboxOperation } from './outbox-client.js';

/** @internal What the outbox knows of one creation call: its operation row, and the schema of its answer. */
export interface OutboxOperationSpec {
  readonly name: OutboxOperation;
  /**
   * The operation's row: its input schema is what the client checks the body with (checked before a row
   * is saved, and before it is replayed), its method and route name a refusal rebuilt from a saved answer.
   */
  readonly row: Operation;
  /** What the resource parses its answer with: a saved answer is parsed with it on the way out. */
  readonly schema: () => core.$ZodType;
  /** The client's method, or undefined when the mirror was given a client without it. */
  method(client: Partial<OutboxClient>): ((body: Record<string, unknown>, options: RequestOptions) => PromiseLike<unknown>) | undefined;
}

// A Map, not an object: a row's operation comes from the store, and `constructor` or `__proto__` must
// not find anything.
const OPERATIONS = new Map<string, OutboxOperationSpec>([
  [
    'pedidos.criar',
    {
      name: 'pedidos.criar',
      row: PEDIDOS_ROWS.pedidosCriar,
      schema: pedidoSchema,
      method: (client) => client.pedidos && ((body, options) => client.pedidos!.criar(body, options)),
    },
  ],
  [
    'etiquetas.emitir',
    {
      name: 'etiquetas.emitir',
      row: FINANCEIRO_ROWS.etiquetasEmitir,
      schema: etiquetaSchema,
      method: (client) => client.etiquetas && ((body, options) => client.etiquetas!.emitir(body, options)),
    },
  ],
]);

/** @internal The operation a row names, or undefined for one this version does not send. */
export function operationOf(name: unknown): OutboxOperationSpec | undefined {
  return typeof name === 'string' ? OPERATIONS.get(name) : undefined;
}

/** @internal Every operation the outbox sends, for messages. */
export const OPERATION_NAMES: readonly string[] = [...OPERATIONS.keys()];

/**
 * @internal The body as it is saved and sent (JSON, the named fields in their wire form), or every
 * problem the client would refuse it for, checked with the operation row's own schema (the one the
 * client's method encodes the body with).
 */
export function checkOutboxBody(spec: OutboxOperationSpec, body: unknown): { body: unknown; issues: readonly InputIssue[] } {
  let encoded: unknown;
  try {
    encoded = encodeInput(spec.row, { body })['body'];
  } catch (err) {
    if (err instanceof InvalidInputError) return { body: undefined, issues: err.issues };
    throw err;
  }
  try {
    // The row keeps JSON: what cannot be written as JSON (a BigInt, a cycle) could never be replayed.
    return { body: JSON.parse(JSON.stringify(encoded)) as unknown, issues: [] };
  } catch (err) {
    return { body: undefined, issues: [{ path: 'body', message: `must be JSON (${err instanceof Error ? err.message : String(err)})` }] };
  }
}
